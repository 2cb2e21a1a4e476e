/**
 * "On your site": the quiz on the coach's own website. The sites allowed to frame it, the two
 * snippets to copy, and the look inside the frame with a live preview of the real quiz (framed from
 * this origin, the coach's draft applied to it as they type, before anything is saved). The sites
 * and the look are one form, saved together from the save bar (draft-form.ts), like every screen
 * that edits settings.
 */
import { useState } from 'react';
import { coachApi } from '../../shared/coach-api/routes';
import type { SettingsResponse } from '../../shared/coach-api/settings';
import { embedCopy } from '../content/embed';
import { shellCopy } from '../content/shell';
import { useDraftForm } from '../draft-form';
import { SaveBar } from '../save-bar';
import { useSettingsOnReturn } from '../settings-loader';
import { useSaveSettings } from '../settings-save';
import { LoadError, Loading } from '../ui';
import { useCoachData } from '../use-coach-data';
import { checkEmbed, embedChange, fieldId, startDrafts, type EmbedDrafts } from './drafts';
import { LookPanel } from './look-panel';
import { SitesPanel, SnippetsPanel } from './sites-panels';

const copy = embedCopy;

const FORM_ID = 'embed-form';

function EmbedForm({ loaded }: { loaded: SettingsResponse }) {
  const [settings, setSettings] = useState(loaded);
  const saveSettings = useSaveSettings();
  const form = useDraftForm<EmbedDrafts>({
    start: () => startDrafts(settings),
    check: checkEmbed,
    save: async (drafts, changed) => {
      const answer = await saveSettings((current) => embedChange(current.values.embedLook, drafts, changed));
      if (answer.kind !== 'saved') return answer;
      setSettings(answer.settings);
      return { kind: 'saved', drafts: startDrafts(answer.settings) };
    },
    fieldId,
  });
  useSettingsOnReturn(settings, form, setSettings, startDrafts);
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-pretty text-muted">{copy.intro}</p>
      <form id={FORM_ID} noValidate onSubmit={(event) => void form.submit(event)} aria-label={shellCopy.views.embed} className="space-y-6">
        <SitesPanel settings={settings} form={form} />
        <SnippetsPanel hasSites={(settings.values.embedOrigins ?? []).length > 0} />
        <LookPanel settings={settings} form={form} />
      </form>
      <SaveBar form={form} formId={FORM_ID} />
    </div>
  );
}

export function EmbedView() {
  const { data, error, reload } = useCoachData<SettingsResponse>(coachApi.settings);
  if (error && !data) return <LoadError onRetry={reload} />;
  if (!data) return <Loading />;
  return <EmbedForm loaded={data} />;
}

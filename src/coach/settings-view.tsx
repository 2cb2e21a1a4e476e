/**
 * The settings screen: every section of the settings (content/settings.ts, `settingsCopy.sections`) and the
 * forwarding of leads in ONE form, saved together from the save bar (draft-form.ts, save-bar.tsx),
 * the photo included; a list of the sections beside the form (above it on a phone) finds one at a
 * glance; the history below restores any earlier version. Fields are drawn from the settings table
 * (src/shared/coach-settings.ts); checks run here as the server runs them, and the server's answer,
 * field by field, is shown beside each field.
 */
import { useState } from 'react';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { SettingKey } from '../shared/coach-settings';
import { settingsCopy } from './content/settings';
import { shellCopy } from './content/shell';
import { webhookCopy } from './content/webhook';
import { emailToolCopy } from './content/email-tool';
import { emailToolKeys, labelsChange, labelsDraftOf } from './email-tool-draft';
import { EmailToolPanel } from './email-tool-panel';
import type { TagMapping } from '../shared/email-tool-labels';
import { useDraftForm, type DraftForm } from './draft-form';
import { MailCheck } from './mail-check';
import { PhotoField } from './photo-field';
import { changeOf, initialDrafts, problemsOf, type Draft, type Drafts } from './settings-draft';
import { SettingField } from './settings-fields';
import { SettingsHistory } from './settings-history-view';
import { useSaveSettings, type PhotoDraft } from './settings-save';
import { SaveBar } from './save-bar';
import { useSettingsOnReturn } from './settings-loader';
import { LoadError, Loading, Panel } from './ui';
import { WebhookPanel } from './webhook-panel';
import { useCoachData } from './use-coach-data';

const copy = settingsCopy;
const FORM_ID = 'settings-form';

/** Every field of the screen: the sections' settings, the webhook's address, the e-mail tool's, and the photo. */
const screenKeys: readonly SettingKey[] = [...copy.sections.flatMap((section) => section.keys), 'webhookUrl', ...emailToolKeys];

/** The text and switch fields' drafts, the photo's, and the e-mail tool's tag mapping (saved whole). */
type ScreenDrafts = Omit<Drafts, 'coachPhoto' | 'emailToolLabels'> & { coachPhoto: PhotoDraft; emailToolLabels: TagMapping };

const startDrafts = (settings: SettingsResponse): ScreenDrafts => ({
  ...initialDrafts(settings, screenKeys),
  coachPhoto: { kind: 'keep' },
  emailToolLabels: labelsDraftOf(settings),
});

/** The text and switch fields' drafts, without the photo's and the mapping's. */
function fieldsOf(drafts: ScreenDrafts): Drafts {
  return Object.fromEntries(Object.entries(drafts).filter(([key]) => key !== 'coachPhoto' && key !== 'emailToolLabels')) as Drafts;
}

/** What the screen's save sends: its changed fields, and the tag mapping when it changed, laid over the one saved now (`current`). */
const screenChange = (settings: SettingsResponse, drafts: ScreenDrafts, current: SettingsResponse = settings) => ({
  ...changeOf(settings, screenKeys, fieldsOf(drafts)),
  ...labelsChange(settings, drafts.emailToolLabels, current),
});

/** The sections, for the list that jumps to them: each settings section, forwarding, the history. */
const jumpList = [
  ...copy.sections.map((section) => ({ id: `settings-${section.id}`, title: section.title })),
  { id: 'settings-webhook', title: webhookCopy.title },
  { id: 'settings-email-tool', title: emailToolCopy.title },
  { id: 'settings-history', title: copy.history.title },
];

function SectionList() {
  return (
    <nav aria-label={copy.sectionsLabel} className="lg:sticky lg:top-4">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {jumpList.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              onClick={() => {
                const heading = document.getElementById(section.id);
                heading?.scrollIntoView({ block: 'start' });
                heading?.focus({ preventScroll: true });
              }}
              className="min-h-11 rounded-full border-2 border-line bg-white px-4 text-left text-sm font-semibold text-teal-dark hover:border-teal lg:w-full lg:rounded-xl lg:border-transparent lg:bg-transparent lg:px-3 lg:hover:bg-teal-soft"
            >
              {section.title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Fields({ keys, settings, form }: { keys: readonly SettingKey[]; settings: SettingsResponse; form: DraftForm<ScreenDrafts> }) {
  return (
    <>
      {keys
        .filter((key) => key !== 'coachPhoto')
        .map((key) => (
          <SettingField
            key={key}
            name={key}
            settings={settings}
            draft={fieldsOf(form.drafts)[key]}
            error={form.errors[key]}
            onChange={(draft: Draft) => form.edit(key as Exclude<SettingKey, 'coachPhoto'>, draft)}
          />
        ))}
    </>
  );
}

function SettingsForm({ loaded }: { loaded: SettingsResponse }) {
  const [settings, setSettings] = useState(loaded);
  /** Saves made here: the mail check, forwarding and the history ask the server again after each. */
  const [saves, setSaves] = useState(0);
  const saveSettings = useSaveSettings();
  const form = useDraftForm<ScreenDrafts>({
    start: () => startDrafts(settings),
    check: (drafts) => problemsOf(screenChange(settings, drafts)),
    save: async (drafts) => {
      const answer = await saveSettings((current) => screenChange(settings, drafts, current), drafts.coachPhoto);
      if (answer.kind !== 'saved') return answer;
      setSettings(answer.settings);
      setSaves((count) => count + 1);
      // Every field as saved: a hidden secret's field empties again (it is never shown once stored).
      return { kind: 'saved', drafts: startDrafts(answer.settings) };
    },
    fieldId: (field) => `setting-${field}`,
  });
  useSettingsOnReturn(settings, form, setSettings, startDrafts);

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-pretty text-muted">
        {copy.intro}{' '}
        <a href="/" target="_blank" rel="noopener" className="font-semibold text-teal underline underline-offset-4">
          {copy.viewLanding}
          <span className="sr-only"> {copy.newTab}</span>
        </a>
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[13rem_minmax(0,48rem)]">
        <div>
          <SectionList />
        </div>
        <div className="min-w-0 space-y-6">
          <form id={FORM_ID} noValidate onSubmit={(event) => void form.submit(event)} aria-label={shellCopy.views.settings} className="space-y-6">
            {copy.sections.map((section) => (
              <Panel key={section.id} title={section.title} intro={section.intro} titleId={`settings-${section.id}`}>
                <div className="space-y-5">
                  {(section.keys as readonly SettingKey[]).includes('coachPhoto') && (
                    <PhotoField settings={settings} draft={form.drafts.coachPhoto} error={form.errors.coachPhoto} onChange={(draft) => form.edit('coachPhoto', draft)} />
                  )}
                  <Fields keys={section.keys} settings={settings} form={form} />
                  {section.id === 'mail' && <MailCheck key={saves} edited={form.changed.some((key) => (section.keys as readonly string[]).includes(key))} />}
                </div>
              </Panel>
            ))}
            <WebhookPanel
              saves={saves}
              addressField={<Fields keys={['webhookUrl']} settings={settings} form={form} />}
              addressEdited={form.changed.includes('webhookUrl')}
            />
            <EmailToolPanel
              settings={settings}
              drafts={form.drafts}
              errors={form.errors}
              edit={(key, value) => form.edit(key, value as ScreenDrafts[typeof key])}
              changed={form.changed.some((key) => key === 'emailToolLabels' || (emailToolKeys as readonly string[]).includes(key))}
              saves={saves}
              field={(key) => <Fields keys={[key]} settings={settings} form={form} />}
            />
          </form>
          <SettingsHistory
            saves={saves}
            blocked={form.changed.length > 0}
            onRestored={(restored) => {
              setSettings(restored);
              setSaves((count) => count + 1);
              form.restart(startDrafts(restored));
            }}
          />
        </div>
      </div>
      {/* Beside the grid, not in its column: a sticky bar stays within its parent, and on a phone the column starts below the window. */}
      <SaveBar form={form} formId={FORM_ID} />
    </div>
  );
}

export function SettingsView() {
  const { data, error, reload } = useCoachData<SettingsResponse>(coachApi.settings);
  if (error && !data) return <LoadError onRetry={reload} />;
  if (!data) return <Loading />;
  return <SettingsForm loaded={data} />;
}

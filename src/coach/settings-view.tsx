/**
 * The settings screen: one panel per section of the settings (content.ts, `settings.sections`), each
 * its own form with its own Save, so a change in one never waits on another. Fields are drawn from
 * the settings table (src/shared/coach-settings.ts); checks run here as the server runs them, and the
 * server's answer, field by field, is shown beside each field.
 */
import { useState, type FormEvent } from 'react';
import { coachApi, type SettingsRefusal, type SettingsResponse } from '../shared/coach-api';
import type { SettingKey, SettingProblem } from '../shared/coach-settings';
import { CoachApiFailure, coachRequest } from './api';
import { coachCopy } from './content';
import { MailCheck } from './mail-check';
import { PhotoField } from './photo-field';
import { changeOf, initialDrafts, problemsOf, type Draft, type Drafts } from './settings-draft';
import { SettingField } from './settings-fields';
import { LoadError, Loading, Panel } from './ui';
import { WebhookPanel } from './webhook-panel';
import { useCoachData, useSessionEnded } from './use-coach-data';

const copy = coachCopy.settings;

type Section = (typeof copy.sections)[number];
type Status = { kind: 'saved' | 'unchanged' | 'failed' | 'invalid'; count?: number } | null;

function problemsFrom(failure: unknown): SettingProblem[] | null {
  if (!(failure instanceof CoachApiFailure) || failure.status !== 400 || !failure.body) return null;
  const body = failure.body as Partial<SettingsRefusal>;
  return Array.isArray(body.problems) ? body.problems : [{ field: failure.body.field ?? 'settings', message: failure.body.message }];
}

function SettingsSection({
  section,
  settings,
  status,
  onSaved,
  onStatus,
}: {
  section: Section;
  settings: SettingsResponse;
  status: Status;
  onSaved: (settings: SettingsResponse) => void;
  onStatus: (status: Status) => void;
}) {
  const keys: readonly SettingKey[] = section.keys;
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(settings, keys));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  /** Saves made here: the mail check asks the server again after each (a secret's change shows in no value). */
  const [saves, setSaves] = useState(0);
  const sessionEnded = useSessionEnded();

  function showProblems(problems: SettingProblem[]) {
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    onStatus({ kind: 'invalid', count: problems.length });
    const first = problems[0];
    if (first) document.getElementById(`setting-${first.field}`)?.focus();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = changeOf(settings, keys, drafts);
    if (Object.keys(change).length === 0) return onStatus({ kind: 'unchanged' });
    const problems = problemsOf(change);
    if (problems.length > 0) return showProblems(problems);
    setBusy(true);
    setErrors({});
    try {
      const saved = await coachRequest<SettingsResponse>(coachApi.settings, { method: 'PATCH', body: change });
      onStatus({ kind: 'saved' });
      // Every field as saved: a secret's field empties again (it is never shown once stored).
      setDrafts(initialDrafts(saved, keys));
      setSaves((count) => count + 1);
      onSaved(saved);
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      const refused = problemsFrom(failure);
      if (refused) showProblems(refused);
      else onStatus({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  }

  const edit = (key: SettingKey) => (draft: Draft) => {
    setDrafts((current) => ({ ...current, [key]: draft }));
    if (status?.kind === 'saved' || status?.kind === 'unchanged') onStatus(null);
  };
  const titleId = `settings-${section.id}`;
  return (
    <Panel title={section.title} intro={section.intro} titleId={titleId}>
      <div className="space-y-5">
        {keys.includes('coachPhoto') && <PhotoField settings={settings} onSaved={onSaved} />}
        <form noValidate onSubmit={(event) => void save(event)} aria-labelledby={titleId} className="space-y-5">
          {keys
            .filter((key) => key !== 'coachPhoto')
            .map((key) => (
              <SettingField key={key} name={key} settings={settings} draft={drafts[key]} error={errors[key]} onChange={edit(key)} />
            ))}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <button type="submit" disabled={busy} className="btn-primary px-6 py-2.5 disabled:cursor-wait disabled:bg-teal-dark">
              {busy ? copy.saving : copy.save}
            </button>
            <p role="status" className="text-sm empty:hidden">
              {status?.kind === 'saved' && copy.saved}
              {status?.kind === 'unchanged' && copy.nothingChanged}
            </p>
          </div>
          <p role="alert" className="text-sm font-semibold text-support empty:hidden">
            {status?.kind === 'failed' && copy.failed}
            {status?.kind === 'invalid' && copy.fixFields(status.count ?? 1)}
          </p>
        </form>
        {section.id === 'mail' && <MailCheck key={saves} />}
      </div>
    </Panel>
  );
}

/**
 * A section starts again from the saved values when they change, and only then: another section's
 * save keeps its edits, and a new picture (saved on its own) keeps the text being typed.
 */
const sectionKey = (section: Section, settings: SettingsResponse) =>
  JSON.stringify(section.keys.filter((key) => key !== 'coachPhoto').map((key) => [settings.values[key], settings.sources[key]]));

export function SettingsView() {
  const { data, error, reload } = useCoachData<SettingsResponse>(coachApi.settings);
  const [saved, setSaved] = useState<SettingsResponse | null>(null);
  const [statuses, setStatuses] = useState<Partial<Record<string, Status>>>({});
  const settings = saved ?? data;

  if (error && !settings) return <LoadError onRetry={reload} />;
  if (!settings) return <Loading />;
  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-pretty text-muted">
        {copy.intro}{' '}
        <a href="/" target="_blank" rel="noopener" className="font-semibold text-teal underline underline-offset-4">
          {copy.viewLanding}
          <span className="sr-only"> {copy.newTab}</span>
        </a>
      </p>
      {copy.sections.map((section) => (
        <SettingsSection
          key={`${section.id}:${sectionKey(section, settings)}`}
          section={section}
          settings={settings}
          status={statuses[section.id] ?? null}
          onSaved={setSaved}
          onStatus={(status) => setStatuses((current) => ({ ...current, [section.id]: status }))}
        />
      ))}
      <WebhookPanel />
    </div>
  );
}

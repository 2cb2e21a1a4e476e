/**
 * "Your e-mail tool" on the settings screen: the tool, its API key (stored sealed, never shown
 * again) and address, saved with the screen's other fields from its one save bar; "Check the key"
 * shows the account the key belongs to and the lists to pick from, fetched live from the tool (the
 * unsaved draft's key); the tag mapping, each group renameable or switched off; and "Send a test
 * contact" with the tool's answer. What the server's environment sets is shown read-only.
 */
import { useCallback, useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { BusyButton } from '../lib/busy-button';
import type { DeliveriesResponse } from '../shared/coach-api/deliveries';
import type { MailStatus } from '../shared/coach-api/mail';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { emailToolApi, type ToolCheckResult } from '../shared/email-tool-api';
import { checkTagMapping, labelGroups, type TagMapping, type TagMappingPart } from '../shared/email-tool-labels';
import { emailToolNames, emailTools } from '../shared/email-tool-settings';
import { coachRequest } from './api';
import { emailToolCopy as copy } from './content/email-tool';
import { settingsCopy } from './content/settings';
import { assumedApiUrl, checkRequestOf, checksSavedKey, chosenTool, savedKeyRefusal, savedListWords, toolInForce, toolStatus, type ToolDrafts, type ToolStatus } from './email-tool-draft';
import { useCall } from './email-tool-call';
import { TestContact } from './email-tool-test';
import { inputClass, Panel, secondaryButton } from './ui';
import { useCoachData } from './use-coach-data';

export type EmailToolDrafts = ToolDrafts & { emailToolLabels: TagMapping };

type Props = {
  settings: SettingsResponse;
  drafts: EmailToolDrafts;
  errors: Partial<Record<string, string>>;
  edit: <K extends 'emailTool' | 'emailToolList' | 'emailToolLabels'>(key: K, value: EmailToolDrafts[K]) => void;
  /** Whether the section has unsaved changes (the test uses the saved settings). */
  changed: boolean;
  /** The screen's saves so far: after each, the saved key is checked again. */
  saves: number;
  /** The screen's own field for a setting (the key, the address), with its problem and the environment's value. */
  field: (key: 'emailToolApiKey' | 'emailToolApiUrl') => ReactNode;
};

const fromServer = (settings: SettingsResponse, key: 'emailTool' | 'emailToolList') => settings.sources[key] === 'environment';

function ToolChoice({ settings, drafts, edit, error }: Pick<Props, 'settings' | 'drafts' | 'edit'> & { error: string | undefined }) {
  const env = fromServer(settings, 'emailTool');
  const value = env ? (settings.values.emailTool ?? '') : typeof drafts.emailTool === 'string' ? drafts.emailTool : '';
  const tool = chosenTool(settings, drafts);
  const described = ['setting-emailTool-hint', env ? 'setting-emailTool-server' : null, error ? 'setting-emailTool-error' : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor="setting-emailTool" className="font-semibold text-ink">
        {copy.toolLabel}
      </label>
      <select
        id="setting-emailTool"
        value={value}
        disabled={env}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        onChange={(event) => edit('emailTool', event.target.value)}
        className={`mt-1 ${inputClass} ${env ? 'border-line bg-paper' : ''}`}
      >
        <option value="">{copy.none}</option>
        {emailTools.map((name) => (
          <option key={name} value={name}>
            {emailToolNames[name]}
          </option>
        ))}
      </select>
      <p id="setting-emailTool-hint" className="mt-1 text-sm text-pretty text-muted">
        {tool ? copy.keyHints[tool] : copy.toolHint}
      </p>
      {env && (
        <p id="setting-emailTool-server" className="mt-1 text-sm font-semibold text-teal-dark">
          {settingsCopy.fromServer(settings.variables.emailTool ?? 'EMAIL_TOOL')}
        </p>
      )}
      {error && (
        <p id="setting-emailTool-error" className="mt-1 text-sm font-semibold text-support">
          {error}
        </p>
      )}
    </div>
  );
}

function ListChoice({ settings, drafts, edit, checked, error }: Pick<Props, 'settings' | 'drafts' | 'edit'> & { checked: ToolCheckResult | null; error: string | undefined }) {
  const env = fromServer(settings, 'emailToolList');
  const word = checked?.ok ? (checked.listWord ?? 'list') : 'list';
  const saved = settings.values.emailToolList;
  const value = env ? (saved ?? '') : typeof drafts.emailToolList === 'string' ? drafts.emailToolList : '';
  if (!checked?.ok) {
    const words = savedListWords(saved, checked);
    return words ? <p className="text-sm text-ink">{words}</p> : null;
  }
  if (checked.lists.length === 0) return <p className="rounded-2xl bg-sun-soft px-4 py-3 text-ink">{copy.noLists(word)}</p>;
  return (
    <div>
      <label htmlFor="setting-emailToolList" className="font-semibold text-ink">
        {copy.listLabel(word)}
      </label>
      <select
        id="setting-emailToolList"
        value={value}
        disabled={env}
        aria-describedby={['setting-emailToolList-hint', env ? 'setting-emailToolList-server' : null, error ? 'setting-emailToolList-error' : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => edit('emailToolList', event.target.value)}
        className={`mt-1 ${inputClass} ${env ? 'border-line bg-paper' : ''}`}
      >
        <option value="">{copy.listNone(word)}</option>
        {checked.lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </select>
      <p id="setting-emailToolList-hint" className="mt-1 text-sm text-muted">
        {copy.listHint}
      </p>
      {env && (
        <p id="setting-emailToolList-server" className="mt-1 text-sm font-semibold text-teal-dark">
          {settingsCopy.fromServer(settings.variables.emailToolList ?? 'EMAIL_TOOL_LIST')}
        </p>
      )}
      {error && (
        <p id="setting-emailToolList-error" className="mt-1 text-sm font-semibold text-support">
          {error}
        </p>
      )}
    </div>
  );
}

/** The section's one status line: on, off, or a problem with what to do, and the tool's answer. */
function StatusLine({ status }: { status: ToolStatus }) {
  const look = { on: 'bg-teal-soft text-teal-dark', off: 'bg-sun-soft text-ink', problem: 'border-2 border-support bg-white text-ink' }[status.tone];
  return (
    <div role="status" className={`rounded-2xl px-4 py-3 ${look}`}>
      <p className="font-semibold text-pretty">{status.says}</p>
      {status.answer !== null && <p className="mt-1 break-words">{`${copy.toolAnswered} ${status.answer}`}</p>}
    </div>
  );
}

/** What "Check the key" found; a refusal of the saved key only confirmed briefly, as the status line says it. */
function CheckAnswer({ checked, inStatus }: { checked: ToolCheckResult; inStatus: boolean }) {
  if (inStatus) return <p className="text-ink">{copy.stillRefused}</p>;
  if (checked.ok) {
    return (
      <p className="rounded-2xl bg-teal-soft px-4 py-3 text-teal-dark">
        <span className="font-semibold">{copy.account}:</span> <span className="break-words">{checked.account}</span>
      </p>
    );
  }
  const { problem } = checked;
  const meaning = copy.problems[problem.kind];
  return (
    <div className="rounded-2xl bg-sun-soft px-4 py-3 text-ink">
      {meaning && <p className="font-semibold">{meaning}</p>}
      <p className="break-words">{meaning ? `${copy.toolAnswered} ${problem.message}` : problem.message}</p>
    </div>
  );
}

const mappingErrorId = 'setting-emailToolLabels-error';
const partFieldId = (part: TagMappingPart) => (part === 'ratingField' ? 'tag-rating-field' : `tag-group-${part}-name`);

function Mapping({ drafts, edit, error }: Pick<Props, 'drafts' | 'edit'> & { error: string | undefined }) {
  const mapping = drafts.emailToolLabels;
  const set = (next: TagMapping) => edit('emailToolLabels', next);
  // The field the problem is in is marked and described by it. A save that finds the problem focuses
  // the section (the screen's one rule for a setting), which hands the focus on to that field.
  const checked = error ? checkTagMapping(mapping) : null;
  const part = checked && !checked.ok ? checked.part : null;
  const marked = (own: TagMappingPart, described: string) => ({
    'aria-invalid': part === own ? true : undefined,
    'aria-describedby': part === own ? `${described} ${mappingErrorId}` : described,
  });
  // Said under the field it is about (or under the section, for a problem of the whole).
  const said = error && (
    <p id={mappingErrorId} className="mt-1 text-sm font-semibold text-support">
      {error}
    </p>
  );
  const handOn = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && part) document.getElementById(partFieldId(part))?.focus();
  };
  return (
    <div
      id="setting-emailToolLabels"
      tabIndex={-1}
      role="group"
      aria-labelledby="tag-mapping-title"
      aria-describedby={error ? mappingErrorId : undefined}
      onFocus={handOn}
      className="space-y-4 outline-none"
    >
      <div>
        <h3 id="tag-mapping-title" className="font-semibold text-ink">
          {copy.labelsTitle}
        </h3>
        <p className="mt-1 text-sm text-pretty text-muted">{copy.labelsIntro}</p>
      </div>
      <ul className="space-y-3">
        {labelGroups.map((id) => {
          const group = mapping[id];
          const words = copy.groups[id];
          return (
            <li key={id} className="rounded-2xl border border-line p-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <input
                  id={`tag-group-${id}-on`}
                  type="checkbox"
                  checked={group.on}
                  onChange={(event) => set({ ...mapping, [id]: { ...group, on: event.target.checked } })}
                  className="size-6 accent-teal"
                />
                <label htmlFor={`tag-group-${id}-on`} className="inline-flex min-h-11 items-center font-semibold text-ink">
                  {words.title}
                </label>
              </div>
              <label htmlFor={`tag-group-${id}-name`} className="sr-only">
                {copy.groupName(words.title)}
              </label>
              <input
                id={`tag-group-${id}-name`}
                type="text"
                value={group.name}
                disabled={!group.on}
                {...marked(id, `tag-group-${id}-example`)}
                onChange={(event) => set({ ...mapping, [id]: { ...group, name: event.target.value } })}
                className={`mt-1 ${inputClass} disabled:border-line disabled:bg-paper`}
              />
              <p id={`tag-group-${id}-example`} className="mt-1 text-sm text-muted">
                {group.on ? (
                  <>
                    {copy.example} <span className="font-semibold text-ink">{words.example(group.name.trim() || '…')}</span>
                  </>
                ) : (
                  copy.switchedOff
                )}
              </p>
              {part === id && said}
            </li>
          );
        })}
      </ul>
      <div>
        <label htmlFor="tag-rating-field" className="font-semibold text-ink">
          {copy.ratingField} <span className="font-normal text-muted">({settingsCopy.optional})</span>
        </label>
        <input
          id="tag-rating-field"
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={mapping.ratingField ?? ''}
          {...marked('ratingField', 'tag-rating-field-hint')}
          onChange={(event) => set({ ...mapping, ratingField: event.target.value === '' ? null : event.target.value })}
          className={`mt-1 ${inputClass}`}
        />
        <p id="tag-rating-field-hint" className="mt-1 text-sm text-muted">
          {copy.ratingFieldHint}
        </p>
        {part === 'ratingField' && said}
      </div>
      {part === null && said}
    </div>
  );
}

/** How often the section asks whether the channel is paused while a tool is set. */
const PAUSE_POLL_MS = 10_000;

export function EmailToolPanel({ settings, drafts, errors, edit, changed, saves, field }: Props) {
  const call = useCall();
  const { data: mail } = useCoachData<MailStatus>(coachApi.mail);
  // Whether the channel waits on a refused key (said on the Deliveries screen too): asked again after
  // each save, and every 10 s while a tool is set (the refusal comes with the next lead, any time).
  const { data: deliveries, reload: reloadDeliveries } = useCoachData<DeliveriesResponse>(coachApi.deliveries, { limit: '1' });
  useEffect(() => {
    if (saves > 0) reloadDeliveries();
  }, [saves, reloadDeliveries]);
  const paused = deliveries?.emailToolPaused ?? null;
  const toolSet = deliveries?.emailToolConfigured ?? false;
  useEffect(() => {
    if (!toolSet) return;
    const timer = setInterval(reloadDeliveries, PAUSE_POLL_MS);
    return () => clearInterval(timer);
  }, [toolSet, reloadDeliveries]);
  const [checking, setChecking] = useState(false);
  // The last check's answer, and whether it was about the saved key (then a refusal is the status line's).
  const [check, setCheck] = useState<{ ofSavedKey: boolean; result: ToolCheckResult } | null>(null);
  const checked = check?.result ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const inForce = toolInForce(settings);

  const ask = useCallback((request: object) => call(() => coachRequest<ToolCheckResult>(emailToolApi.check, { method: 'POST', body: request })), [call]);
  const show = (answer: ToolCheckResult | { failure: string }, ofSavedKey: boolean) => {
    if ('failure' in answer) setFailure(answer.failure);
    else setCheck({ ofSavedKey, result: answer });
  };

  async function checkKey() {
    const request = checkRequestOf(settings, drafts);
    setChecking(true);
    setFailure(null);
    show(await ask(request), checksSavedKey(settings, request));
    setChecking(false);
  }

  // The saved key is checked on arrival and after each save: the account and the lists' names show.
  useEffect(() => {
    if (!inForce.on) return;
    let live = true;
    void ask({}).then((answer) => {
      if (live) show(answer, true);
    });
    return () => {
      live = false;
    };
  }, [inForce.on, saves, ask]);

  const assumed = assumedApiUrl(settings, drafts);
  const refusal = savedKeyRefusal(check);
  const list = checked?.ok ? (checked.lists.find((one) => one.id === settings.values.emailToolList)?.name ?? null) : null;
  const status = toolStatus({ settings, mail, paused, refusal, list });
  return (
    <Panel title={copy.title} intro={copy.intro} titleId="settings-email-tool">
      <div className="space-y-6">
        <StatusLine status={status} />
        <ToolChoice settings={settings} drafts={drafts} edit={edit} error={errors.emailTool} />
        {field('emailToolApiKey')}
        <div>
          {field('emailToolApiUrl')}
          {settings.sources.emailToolApiUrl !== 'environment' && <p className="mt-1 text-sm text-muted">{copy.apiUrlHint(assumed)}</p>}
        </div>
        <div>
          <BusyButton type="button" onClick={() => void checkKey()} busy={checking} aria-describedby="tool-check-hint" className={secondaryButton}>
            {checking ? copy.checking : copy.check}
          </BusyButton>
          <p id="tool-check-hint" className="mt-1 text-sm text-muted">
            {copy.checkHint}
          </p>
          <div aria-live="polite" className="mt-3 space-y-3">
            {failure && <p className="rounded-2xl bg-sun-soft px-4 py-3 font-semibold text-ink">{failure}</p>}
            {checked && <CheckAnswer checked={checked} inStatus={refusal !== null} />}
          </div>
        </div>
        <ListChoice settings={settings} drafts={drafts} edit={edit} checked={checked} error={errors.emailToolList} />
        <Mapping drafts={drafts} edit={edit} error={errors.emailToolLabels} />
        <TestContact settings={settings} changed={changed} />
      </div>
    </Panel>
  );
}

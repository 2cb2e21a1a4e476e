/**
 * "Your words": every text a visitor reads (src/shared/words.ts), grouped by the screen it is on,
 * each field beside our text, with its length, a readability hint that never blocks, and Reset to
 * ours. One save bar for the whole screen; nothing reaches visitors until it is pressed.
 */
import { useMemo, useState } from 'react';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { type WordField, wordFields, type WordScreen, wordScreens, type Words } from '../shared/words';
import { CoachApiFailure, coachRequest } from './api';
import { ResultsPreview } from './results-preview';
import { EditsBar, type SaveState } from './edits-bar';
import { useLeaveGuard } from './leave-guard';
import { WithSettings } from './settings-loader';
import { inputClass } from './ui';
import { useSessionEnded } from './use-coach-data';
import { wordsCopy } from './content/words';
import { changedCount, differsFromOurs, gradeAbove, shownText, type WordEdits, wordProblems, wordsAfter } from './words-draft';

const copy = wordsCopy;

const fieldId = (key: string) => `word-${key.replace(/\./g, '-')}`;

function WordInput({ field, text, changed, error, onChange }: { field: WordField; text: string; changed: boolean; error: string | undefined; onChange: (text: string) => void }) {
  const id = fieldId(field.key);
  const grade = gradeAbove(text);
  const notes = [field.counts ? copy.counts : null, field.key.endsWith('.scenario') ? copy.boldStart : null].filter((note) => note !== null);
  const described = [`${id}-ours`, `${id}-length`, notes.length > 0 ? `${id}-notes` : null, grade !== null ? `${id}-grade` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <li className="grid gap-2 border-t border-line py-4 first:border-t-0 lg:grid-cols-2 lg:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <label htmlFor={id} className="font-semibold text-ink">
            {field.label}
          </label>
          {changed && <span className="rounded-full bg-sun-soft px-2 text-xs font-semibold text-ink">{copy.changed}</span>}
        </div>
        <textarea
          id={id}
          value={text}
          rows={text.length > 160 ? 5 : text.length > 60 ? 3 : 1}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`mt-1 ${inputClass} resize-y py-2`}
        />
        <p id={`${id}-length`} className={`mt-1 text-xs ${text.trim().length > field.maxLength ? 'font-semibold text-support' : 'text-muted'}`}>
          {copy.length(text.trim().length, field.maxLength)}
        </p>
        {notes.length > 0 && (
          <p id={`${id}-notes`} className="mt-1 text-sm text-muted">
            {notes.join(' ')}
          </p>
        )}
        {grade !== null && (
          <p id={`${id}-grade`} className="mt-1 text-sm text-ink">
            <span aria-hidden="true">⚠ </span>
            {copy.grade(grade)}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-support">
            {error}
          </p>
        )}
      </div>
      <div className="min-w-0 rounded-2xl bg-paper px-3 py-2 text-sm">
        <p id={`${id}-ours`}>
          <span className="font-semibold text-muted">{copy.ours}: </span>
          {field.defaultText}
        </p>
        {changed && (
          <button type="button" onClick={() => onChange(field.defaultText)} aria-label={copy.resetWhat(field.label)} className="mt-1 min-h-11 font-semibold text-teal underline underline-offset-4">
            {copy.reset}
          </button>
        )}
      </div>
    </li>
  );
}

/** The editor itself, for the words saved now; starts again (a new key) after each save. */
function WordsEditor({ settings, onSaved }: { settings: SettingsResponse; onSaved: (settings: SettingsResponse) => void }) {
  const saved: Words = useMemo(() => settings.values.words ?? {}, [settings]);
  const [screen, setScreen] = useState<WordScreen>('landing');
  const [edits, setEdits] = useState<WordEdits>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [shownErrors, setShownErrors] = useState<Record<string, string>>({});
  const sessionEnded = useSessionEnded();
  const count = changedCount(saved, edits);
  useLeaveGuard(count);

  const edit = (key: string) => (text: string) => {
    setEdits((current) => ({ ...current, [key]: text }));
    setShownErrors((current) => Object.fromEntries(Object.entries(current).filter(([shown]) => shown !== key)));
    if (state.kind !== 'saving') setState({ kind: 'idle' });
  };

  async function save() {
    const problems = wordProblems(edits);
    const keys = Object.keys(problems);
    if (keys.length > 0) {
      setShownErrors(problems);
      setState({ kind: 'invalid', count: keys.length });
      const first = wordFields.find((field) => problems[field.key]);
      if (first) {
        setScreen(first.screen);
        setTimeout(() => document.getElementById(fieldId(first.key))?.focus());
      }
      return;
    }
    const next = wordsAfter(saved, edits);
    setState({ kind: 'saving' });
    try {
      const settings = await coachRequest<SettingsResponse>(coachApi.settings, { method: 'PATCH', body: { words: Object.keys(next).length > 0 ? next : null } });
      setEdits({});
      setState({ kind: 'saved' });
      onSaved(settings);
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      setState(failure instanceof CoachApiFailure && failure.status === 400 ? { kind: 'invalid', count: 1 } : { kind: 'failed' });
    }
  }

  const fields = wordFields.filter((field) => field.screen === screen);
  const draftWords = useMemo(() => wordsAfter(saved, edits), [saved, edits]);
  const changedOn = (name: WordScreen) => wordFields.filter((field) => field.screen === name && differsFromOurs(field, saved, edits)).length;
  return (
    <>
      <nav aria-label={copy.screensLabel}>
        <ul className="flex flex-wrap gap-2">
          {wordScreens.map((name) => {
            const changed = changedOn(name);
            return (
              <li key={name}>
                <button
                  type="button"
                  aria-pressed={name === screen}
                  onClick={() => setScreen(name)}
                  className="min-h-11 rounded-full border-2 border-teal px-4 font-semibold text-teal aria-pressed:bg-teal aria-pressed:text-white"
                >
                  {copy.screens[name]}
                  {changed > 0 && <span className="font-normal"> · {copy.changedOnScreen(changed)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="words-screen-title" className="rounded-3xl border border-line bg-white p-4 shadow-sm sm:p-6">
        <h2 id="words-screen-title" className="text-lg font-bold text-teal-dark">
          {copy.screens[screen]}
        </h2>
        <ul>
          {fields.map((field) => (
            <WordInput
              key={field.key}
              field={field}
              text={shownText(field, saved, edits)}
              changed={differsFromOurs(field, saved, edits)}
              error={shownErrors[field.key]}
              onChange={edit(field.key)}
            />
          ))}
        </ul>
      </section>
      <ResultsPreview settings={settings} words={draftWords} offers={settings.values.offers ?? []} />
      <EditsBar count={count} countText={copy.saveBar.count} state={state} onSave={() => void save()} onDiscard={() => {
        setEdits({});
        setShownErrors({});
        setState({ kind: 'idle' });
      }} />
    </>
  );
}

export function WordsView() {
  return (
    <WithSettings>
      {(settings, onSaved) => (
        <div className="max-w-5xl space-y-6">
          <p className="max-w-3xl text-pretty text-muted">{copy.intro}</p>
          <WordsEditor settings={settings} onSaved={onSaved} />
        </div>
      )}
    </WithSettings>
  );
}

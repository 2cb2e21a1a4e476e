/**
 * "Your words": every text a visitor reads (src/shared/words.ts), grouped by the screen it is on,
 * each field beside our text, with its length, a readability hint that never blocks, and Reset to
 * ours. Every text is a draft until the coach saves them all from the dashboard's one save bar
 * (draft-form.ts, save-bar.tsx), as on every screen that edits settings; nothing reaches visitors
 * until then, and leaving with unsaved texts asks first.
 */
import { useMemo, useRef, useState } from 'react';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { type WordField, wordFields, type WordScreen, wordScreens, type Words } from '../shared/words';
import { shellCopy } from './content/shell';
import { wordsCopy } from './content/words';
import { useDraftForm } from './draft-form';
import { ResultsPreview } from './results-preview';
import { SaveBar } from './save-bar';
import { useSaveSettings } from './settings-save';
import { useSettingsOnReturn, WithSettings } from './settings-loader';
import { inputClass, textRows } from './ui';
import { differsFromOurs, gradeAbove, sameText, savedLength, startWords, wordProblems, wordsAfter, wordsToSave } from './words-draft';

const copy = wordsCopy;

const fieldId = (key: string) => `word-${key.replace(/\./g, '-')}`;

function WordInput({ field, text, changed, error, onChange }: { field: WordField; text: string; changed: boolean; error: string | undefined; onChange: (text: string) => void }) {
  const id = fieldId(field.key);
  const input = useRef<HTMLTextAreaElement>(null);
  const grade = gradeAbove(text);
  // Counted as the server counts it: two spaces after a full stop, or a line break, are one space when saved.
  const length = savedLength(text);
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
        {/* As tall as its text where the browser sizes fields to their content; elsewhere `rows` guesses. */}
        <textarea
          ref={input}
          id={id}
          value={text}
          rows={textRows(text)}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`mt-1 ${inputClass} resize-y py-2 field-sizing-content`}
        />
        <p id={`${id}-length`} className={`mt-1 text-xs ${length > field.maxLength ? 'font-semibold text-support' : 'text-muted'}`}>
          {copy.length(length, field.maxLength)}
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
          <button
            type="button"
            onClick={() => {
              onChange(field.defaultText);
              // The button goes with the change: focus goes to the field, which now reads ours, not to the page's body.
              input.current?.focus();
            }}
            aria-label={copy.resetWhat(field.label)}
            className="mt-1 min-h-11 font-semibold text-teal underline underline-offset-4"
          >
            {copy.reset}
          </button>
        )}
      </div>
    </li>
  );
}

const FORM_ID = 'words-form';

/** The element a problem sends focus to: a text's field, or the server's refusal of the words as a whole. */
const problemId = (field: string) => (field === 'words' ? 'words-problem' : fieldId(field));

/** The editor: every text a draft until the coach saves them all from the save bar (draft-form.ts), or discards them. */
function WordsEditor({ settings, onSaved }: { settings: SettingsResponse; onSaved: (settings: SettingsResponse) => void }) {
  const saved: Words = useMemo(() => settings.values.words ?? {}, [settings]);
  const [screen, setScreen] = useState<WordScreen>('landing');
  const saveSettings = useSaveSettings();
  const form = useDraftForm<Record<string, string>>({
    start: () => startWords(saved),
    check: (drafts, changed) => Object.entries(wordProblems(Object.fromEntries(changed.map((key) => [key, drafts[key] ?? ''])))).map(([field, message]) => ({ field, message })),
    save: async (drafts, changed) => {
      const answer = await saveSettings((current) => ({ words: wordsToSave(current.values.words ?? {}, drafts, changed) }));
      if (answer.kind !== 'saved') return answer;
      onSaved(answer.settings);
      return { kind: 'saved', drafts: startWords(answer.settings.values.words ?? {}) };
    },
    fieldId: problemId,
    same: sameText,
    // A text with a problem may be on another of the screen's tabs: show that one first.
    reveal: (key) => {
      const field = wordFields.find((candidate) => candidate.key === key);
      if (field) setScreen(field.screen);
    },
  });
  useSettingsOnReturn(settings, form, onSaved, (fresh) => startWords(fresh.values.words ?? {}));

  const fields = wordFields.filter((field) => field.screen === screen);
  const draftWords = useMemo(() => wordsAfter(saved, form.drafts), [saved, form.drafts]);
  const changedOn = (name: WordScreen) => wordFields.filter((field) => field.screen === name && differsFromOurs(field, saved, form.drafts)).length;
  return (
    <>
      <form id={FORM_ID} noValidate onSubmit={(event) => void form.submit(event)} aria-label={shellCopy.views.words} className="space-y-6">
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
        {form.errors.words && (
          <p id="words-problem" tabIndex={-1} className="font-semibold text-support">
            {form.errors.words}
          </p>
        )}
        <section aria-labelledby="words-screen-title" className="rounded-3xl border border-line bg-white p-4 shadow-sm sm:p-6">
          <h2 id="words-screen-title" className="text-lg font-bold text-teal-dark">
            {copy.screens[screen]}
          </h2>
          <ul>
            {fields.map((field) => (
              <WordInput
                key={field.key}
                field={field}
                text={form.drafts[field.key] ?? field.defaultText}
                changed={differsFromOurs(field, saved, form.drafts)}
                error={form.errors[field.key]}
                onChange={(text) => form.edit(field.key, text)}
              />
            ))}
          </ul>
        </section>
      </form>
      <ResultsPreview settings={settings} words={draftWords} offers={settings.values.offers ?? []} />
      <SaveBar form={form} formId={FORM_ID} />
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

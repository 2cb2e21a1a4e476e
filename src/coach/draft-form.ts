/**
 * The one way a dashboard screen edits settings: every field of the screen is a draft until the
 * coach saves them all at once, or discards them; the save bar (save-bar.tsx) shows how many fields
 * changed. Nothing is lost by leaving: the count goes to the leave guard (leave-guard.tsx).
 *
 * A screen gives its fields' starting drafts, its own check (the server's rules, run here first) and
 * its save; the form keeps the drafts, the changed fields, each field's problem and the outcome.
 */
import { useCallback, useState, type FormEvent } from 'react';
import type { SettingProblem } from '../shared/coach-settings';
import { useLeaveGuard } from './leave-guard';
import { useFocusOnceShown } from './use-focus-on-step';

/** Whether a draft is unchanged: plain values and plain objects of them compare by content. */
export function sameDraft(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose draft differs from where it started (by `same`), in the drafts' order. */
export function changedFields<D extends object>(start: D, drafts: D, same: (a: unknown, b: unknown) => boolean = sameDraft): (keyof D & string)[] {
  return (Object.keys(drafts) as (keyof D & string)[]).filter((key) => !same(start[key], drafts[key]));
}

/** `signed-out`: the session had ended (the dashboard waits behind the sign-in form, edits kept: app.tsx). */
export type SaveOutcome<D> = { kind: 'saved'; drafts: D } | { kind: 'invalid'; problems: SettingProblem[] } | { kind: 'failed' | 'signed-out' };

export type FormStatus = { kind: 'idle' | 'busy' | 'saved' | 'discarded' | 'failed' | 'signed-out' } | { kind: 'invalid'; count: number };

export type DraftForm<D> = {
  drafts: D;
  changed: (keyof D & string)[];
  /** Each field's problem, by its name (the server's `field`). */
  errors: Partial<Record<string, string>>;
  status: FormStatus;
  edit: <K extends keyof D>(key: K, value: D[K]) => void;
  discard: () => void;
  submit: (event?: FormEvent) => Promise<void>;
  /** Starts again from new drafts (saved elsewhere, or restored); edits in progress are dropped. */
  restart: (drafts: D) => void;
  /**
   * Shows new drafts (saved elsewhere meanwhile) in a form with no unsaved edits, silently: what the
   * last save or discard said stays. The caller checks there are no edits (settings-loader.tsx).
   */
  refresh: (drafts: D) => void;
};

type Options<D> = {
  start: () => D;
  /** The browser's own check of the changed fields (the server's rules): problems by field. */
  check?: (drafts: D, changed: (keyof D & string)[]) => SettingProblem[];
  save: (drafts: D, changed: (keyof D & string)[]) => Promise<SaveOutcome<D>>;
  /** The element to focus for a field's problem. */
  fieldId: (field: string) => string;
  /** Whether a field is unchanged (default: `sameDraft`); a screen whose text is tidied on saving compares it tidied. */
  same?: (a: unknown, b: unknown) => boolean;
  /** Brings a field with a problem into the page before it is focused (a screen's tab, say). */
  reveal?: (field: string) => void;
};

export function useDraftForm<D extends object>({ start, check, save, fieldId, same, reveal }: Options<D>): DraftForm<D> {
  const [initial, setInitial] = useState(start);
  const [drafts, setDrafts] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  /** Focuses the first problem's field once the page shows it. */
  const focusOnceShown = useFocusOnceShown();
  const changed = changedFields(initial, drafts, same);
  useLeaveGuard(changed.length);

  function showProblems(problems: SettingProblem[]) {
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    setStatus({ kind: 'invalid', count: problems.length });
    const first = problems[0];
    if (!first) return;
    reveal?.(first.field);
    focusOnceShown(fieldId(first.field));
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (status.kind === 'busy' || changed.length === 0) return;
    const problems = check?.(drafts, changed) ?? [];
    if (problems.length > 0) return showProblems(problems);
    setStatus({ kind: 'busy' });
    setErrors({});
    const outcome = await save(drafts, changed);
    if (outcome.kind === 'saved') {
      setInitial(outcome.drafts);
      setDrafts(outcome.drafts);
      setStatus({ kind: 'saved' });
    } else if (outcome.kind === 'invalid') showProblems(outcome.problems);
    else setStatus({ kind: outcome.kind });
  }

  const restart = useCallback((next: D) => {
    setInitial(next);
    setDrafts(next);
    setErrors({});
    setStatus({ kind: 'idle' });
  }, []);

  const refresh = useCallback((next: D) => {
    setInitial(next);
    setDrafts(next);
  }, []);

  return {
    drafts,
    changed,
    errors,
    status,
    edit: (key, value) => {
      setDrafts((current) => ({ ...current, [key]: value }));
      // A problem leaves with the edit that may fix it; "saved" leaves with the next change.
      setErrors((current) => (current[key as string] === undefined ? current : { ...current, [key as string]: undefined }));
      setStatus((current) => (current.kind === 'busy' ? current : { kind: 'idle' }));
    },
    discard: () => {
      setDrafts(initial);
      setErrors({});
      setStatus({ kind: 'discarded' });
    },
    submit,
    restart,
    refresh,
  };
}

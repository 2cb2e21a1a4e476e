import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachAccessApi, PASSKEY_NAME_MAX_LENGTH, type PasskeyEntry, type PasskeyList, passkeyPath } from '../shared/coach-api/access';
import { accessCopy } from './content/access';
import { CoachApiFailure, coachRequest } from './api';
import { formatDateTime } from './format';
import { Empty, inputClass, LoadError, Loading, Panel, secondaryButton } from './ui';
import { useCoachData } from './use-coach-data';
import { useFocusIfLost, useFocusOnStep } from './use-focus-on-step';

const copy = accessCopy.passkeys;

/** What is wrong with a passkey's name as typed (kept whole: nothing is cut), or null. */
function nameProblem(name: string): string | null {
  if (name === '') return copy.nameEmpty;
  return name.length > PASSKEY_NAME_MAX_LENGTH ? copy.nameTooLong(name.length) : null;
}

/** The panel's one line saying what happened or went wrong: a refused rename's field points at it. */
const passkeyMessageId = 'passkey-message';

/** One passkey: its name, when it was added and last used; rename in place, remove. `say`: what happened, or (`problem`) what went wrong. */
function PasskeyRow({ passkey, onChanged, say }: { passkey: PasskeyEntry; onChanged: (list: PasskeyList) => void; say: (text: string, problem?: boolean) => void }) {
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The new name was refused (too long, or by the server): the field is marked invalid, described by the refusal. */
  const [refused, setRefused] = useState(false);
  const name = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  // The control pressed goes away: focus moves to the field to type into, and back to "Rename" after.
  useFocusOnStep(renaming, (now) => (now ? name : renameButton));
  const stopRenaming = () => {
    setRenaming(false);
    setRefused(false);
  };

  async function act(work: () => Promise<PasskeyList>, after: string) {
    setBusy(true);
    try {
      onChanged(await work());
      stopRenaming();
      say(after);
    } catch (failure) {
      say(failure instanceof CoachApiFailure && failure.body ? failure.body.message : copy.failed, true);
      setRefused(renaming);
    } finally {
      setBusy(false);
    }
  }

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = name.current?.value.trim() ?? '';
    const problem = nameProblem(next);
    if (problem) {
      if (next !== '') say(problem, true);
      setRefused(next !== '');
      return name.current?.focus();
    }
    void act(() => coachRequest<PasskeyList>(passkeyPath(passkey.id), { method: 'PATCH', body: { name: next } }), copy.renamed(next));
  }

  const used = passkey.lastUsedAt === null ? copy.neverUsed : copy.used(formatDateTime(passkey.lastUsedAt));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-line py-3 last:border-b-0">
      {renaming ? (
        <form onSubmit={rename} className="flex grow flex-wrap items-end gap-2">
          <div className="grow basis-48">
            <label htmlFor={`rename-${passkey.id}`} className="text-sm font-semibold">
              {copy.renameLabel(passkey.name)}
            </label>
            <input
              ref={name}
              id={`rename-${passkey.id}`}
              defaultValue={passkey.name}
              aria-invalid={refused || undefined}
              aria-describedby={refused ? passkeyMessageId : undefined}
              onChange={() => setRefused(false)}
              className={`mt-1 ${inputClass}`}
            />
          </div>
          <BusyButton type="submit" busy={busy} className={secondaryButton}>
            {copy.save}
          </BusyButton>
          <button type="button" onClick={stopRenaming} className="min-h-11 px-2 font-semibold text-teal underline underline-offset-4">
            {copy.cancel}
          </button>
        </form>
      ) : (
        <>
          <div className="min-w-0">
            <p className="font-semibold break-words">{passkey.name}</p>
            <p className="text-sm text-muted">
              {copy.created(formatDateTime(passkey.createdAt))}, {used}
            </p>
          </div>
          <div className="flex gap-2">
            <button ref={renameButton} type="button" onClick={() => setRenaming(true)} className="min-h-11 px-2 font-semibold text-teal underline underline-offset-4">
              {copy.rename}
            </button>
            <BusyButton
              type="button"
              busy={busy}
              aria-label={copy.removeLabel(passkey.name)}
              onClick={() => void act(() => coachRequest<PasskeyList>(passkeyPath(passkey.id), { method: 'DELETE' }), copy.removed(passkey.name))}
              className="min-h-11 px-2 font-semibold text-support underline underline-offset-4"
            >
              {copy.remove}
            </BusyButton>
          </div>
        </>
      )}
    </li>
  );
}

/** The coach's passkeys: the list, and adding one with a name (the browser's own dialog does the rest). */
export function PasskeysPanel() {
  const { data, error, reload } = useCoachData<PasskeyList>(coachAccessApi.passkeys);
  const [list, setList] = useState<PasskeyList | null>(null);
  /** `onName`: the problem is the name's (the field is marked invalid). */
  const [message, setMessage] = useState<{ text: string; problem: boolean; onName?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useRef<HTMLInputElement>(null);
  const shown = list ?? data;
  // A removed passkey takes its Remove button with it: focus goes to the line saying it was removed.
  const said = useRef<HTMLParagraphElement>(null);
  useFocusIfLost(shown, said);
  const supported = typeof window.PublicKeyCredential === 'function';

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = name.current?.value.trim() ?? '';
    const problem = nameProblem(chosen);
    if (problem) {
      setMessage({ text: problem, problem: true, onName: true });
      name.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const optionsJSON = await coachRequest<PublicKeyCredentialCreationOptionsJSON>(coachAccessApi.passkeyOptions, { method: 'POST' });
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch {
        setMessage({ text: copy.cancelled, problem: true });
        return;
      }
      setList(await coachRequest<PasskeyList>(coachAccessApi.passkeys, { method: 'POST', body: { response, name: chosen } }));
      if (name.current) name.current.value = '';
      setMessage({ text: copy.added(chosen), problem: false });
    } catch (failure) {
      setMessage({ text: failure instanceof CoachApiFailure && failure.body ? failure.body.message : copy.failed, problem: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={copy.title} intro={copy.intro} titleId="passkeys-title">
      {error && <LoadError onRetry={reload} />}
      {!shown && !error && <Loading />}
      {shown &&
        (shown.passkeys.length === 0 ? (
          <Empty>{copy.none}</Empty>
        ) : (
          <ul aria-label={copy.listLabel}>
            {shown.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onChanged={setList} say={(text, problem = false) => setMessage(text ? { text, problem } : null)} />
            ))}
          </ul>
        ))}
      {supported ? (
        <form noValidate onSubmit={(event) => void add(event)} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="grow basis-56">
            <label htmlFor="passkey-name" className="font-semibold">
              {copy.nameLabel}
            </label>
            <p id="passkey-name-hint" className="text-sm text-muted">
              {copy.nameHint}
            </p>
            <input
              ref={name}
              id="passkey-name"
              aria-describedby="passkey-name-hint"
              aria-invalid={message?.onName ? true : undefined}
              className={`mt-1 ${inputClass}`}
            />
          </div>
          <BusyButton type="submit" busy={busy} className="btn-primary min-h-11 px-5">
            {busy ? copy.adding : copy.add}
          </BusyButton>
        </form>
      ) : (
        <p className="mt-4 rounded-2xl bg-sun-soft px-4 py-3">{copy.unsupported}</p>
      )}
      <p ref={said} tabIndex={-1} id={passkeyMessageId} role="status" className={`mt-2 live-region ${message?.problem ? 'font-semibold text-support' : 'text-teal-dark'}`}>
        {message?.text}
      </p>
    </Panel>
  );
}

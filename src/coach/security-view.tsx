/**
 * "Sign-in and backups": passkeys, the second factor, the password, the signed-in browsers, and
 * backups (a download on SQLite; the database's own on Postgres).
 */
import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../lib/busy-button';
import type { SessionStatus } from '../shared/coach-api/session';
import { type BrowserList, coachAccessApi, type SignedOutOthers } from '../shared/coach-api/access';
import { accessCopy } from './content/access';
import { CoachApiFailure, coachRequest } from './api';
import { formatDateTime } from './format';
import { PasskeysPanel } from './passkeys-panel';
import { newPasswordProblem } from './new-password';
import { SecondFactorPanel } from './second-factor-panel';
import { LoadError, Loading, Panel, PasswordField, secondaryButton } from './ui';
import { useCoachData } from './use-coach-data';
import { useFocusIfLost } from './use-focus-on-step';

function PasswordPanel() {
  const copy = accessCopy.password;
  const [message, setMessage] = useState<{ text: string; field: 'current' | 'next' | 'confirm' | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = next.current?.value ?? '';
    // A problem with a field is said, and focus goes to that field to put it right (as on the set-up and reset pages).
    const refuse = (text: string, field: 'current' | 'next' | 'confirm' | null) => {
      setMessage({ text, field });
      if (field) ({ current, next, confirm })[field].current?.focus();
    };
    // Empty, it was sent and refused in the API's words ("Send your password as {...}"), on the new password's field.
    if ((current.current?.value ?? '') === '') return refuse(copy.currentEmpty, 'current');
    const found = newPasswordProblem(password, confirm.current?.value ?? '');
    if (found) return refuse(copy[found], found === 'tooShort' ? 'next' : 'confirm');
    setBusy(true);
    try {
      await coachRequest(coachAccessApi.password, { method: 'POST', body: { currentPassword: current.current?.value ?? '', password } });
      for (const input of [current, next, confirm]) if (input.current) input.current.value = '';
      setMessage({ text: copy.done, field: null });
    } catch (failure) {
      const body = failure instanceof CoachApiFailure ? failure.body : null;
      refuse(body?.message ?? copy.failed, body?.error === 'wrong_password' ? 'current' : body?.field === 'password' ? 'next' : null);
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: 'current' | 'next' | 'confirm') => message?.field === field;
  return (
    <Panel title={copy.title} intro={copy.intro} titleId="password-title">
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-md space-y-3">
        <input type="text" name="username" autoComplete="username" value="coach" readOnly hidden />
        <PasswordField id="current-password" label={copy.current} autoComplete="current-password" invalid={invalid('current')} errorId="password-message" inputRef={current} />
        <PasswordField id="new-password" label={copy.next} autoComplete="new-password" invalid={invalid('next')} errorId="password-message" inputRef={next} />
        <PasswordField id="confirm-password" label={copy.confirm} autoComplete="new-password" invalid={invalid('confirm')} errorId="password-message" inputRef={confirm} />
        <p id="password-message" role="status" className={`live-region ${message?.field === null ? 'text-teal-dark' : 'font-semibold text-support'}`}>
          {message?.text}
        </p>
        <BusyButton type="submit" busy={busy} className={secondaryButton}>
          {busy ? copy.submitting : copy.submit}
        </BusyButton>
      </form>
    </Panel>
  );
}

function BrowsersPanel() {
  const copy = accessCopy.browsers;
  const { data, error, reload } = useCoachData<BrowserList>(coachAccessApi.browsers);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // With no other browser left, the button goes away: focus goes to the line saying how many were signed out.
  const said = useRef<HTMLParagraphElement>(null);
  useFocusIfLost(data, said);

  async function signOutOthers() {
    setBusy(true);
    try {
      const { signedOut } = await coachRequest<SignedOutOthers>(coachAccessApi.signOutOthers, { method: 'POST' });
      setNotice(copy.signedOut(signedOut));
      reload();
    } catch {
      setNotice(accessCopy.secondFactor.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={copy.title} intro={copy.intro} titleId="browsers-title">
      {error && <LoadError onRetry={reload} />}
      {!data && !error && <Loading />}
      {data && (
        <>
          <ul aria-label={copy.listLabel}>
            {data.browsers.map((browser) => (
              <li key={browser.id} className="border-b border-line py-3 last:border-b-0">
                <p className="font-semibold">
                  {browser.browser}
                  {browser.current && <span className="ml-2 rounded-full bg-teal-soft px-2 py-0.5 text-sm text-teal-dark">{copy.current}</span>}
                </p>
                <p className="text-sm text-muted">
                  {copy.since(formatDateTime(browser.signedInAt))}, {copy.lastActive(formatDateTime(browser.lastActiveAt))}
                </p>
              </li>
            ))}
          </ul>
          {data.browsers.length > 1 ? (
            <BusyButton type="button" busy={busy} onClick={() => void signOutOthers()} className={`${secondaryButton} mt-3`}>
              {busy ? copy.signingOut : copy.signOutOthers}
            </BusyButton>
          ) : (
            <p className="mt-3 text-sm text-muted">{copy.alone}</p>
          )}
        </>
      )}
      <p ref={said} tabIndex={-1} role="status" className="mt-2 text-teal-dark live-region">
        {notice}
      </p>
    </Panel>
  );
}

/** The download is a plain link: the browser saves the file, named by the server with the date. */
function BackupPanel({ backup }: { backup: SessionStatus['backup'] }) {
  const copy = accessCopy.backup;
  return (
    <Panel title={copy.title} intro={copy.intro} titleId="backup-title">
      {backup === 'download' ? (
        <div className="space-y-3">
          <a href={coachAccessApi.backup} download className={secondaryButton}>
            {copy.download}
          </a>
          <p className="text-sm text-muted">{copy.restore}</p>
        </div>
      ) : (
        <p>
          {copy.postgres}{' '}
          <a href={copy.postgresUrl} target="_blank" rel="noreferrer" className="font-semibold text-teal underline underline-offset-4">
            {copy.postgresLink}
          </a>
        </p>
      )}
    </Panel>
  );
}

export function SecurityView({ status }: { status: SessionStatus }) {
  return (
    <div className="space-y-6">
      <PasskeysPanel />
      <SecondFactorPanel />
      <BrowsersPanel />
      <PasswordPanel />
      <BackupPanel backup={status.backup} />
    </div>
  );
}

/**
 * Getting back in without a shell: "Forgot your password?" (a link e-mailed to the recovery address),
 * the page that link opens (/coach/reset#<token>: choose a new password), and the button that writes
 * a fresh set-up address to the server's log when the first one expired.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachAccessApi, type ResetRequested } from '../shared/coach-api/access';
import { accessCopy } from './content/access';
import { CoachApiFailure, coachRequest } from './api';
import { setupCopy } from './content/sign-in';
import { newPasswordProblem } from './new-password';
import { SignInFrame } from './sign-in-frame';
import { resetRequestFailureMessage, signInFailureMessage } from './sign-in-failure';
import { inputClass, PasswordField, secondaryButton } from './ui';

const copy = accessCopy.reset;
/** The same minimum the server holds (server/coach/password.ts). */

/** "Forgot your password?": the recovery address, then the same answer whatever it was. */
export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // It opens in place of the sign-in form, at the coach's request: focus goes to the one field.
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = input.current?.value.trim() ?? '';
    if (!email) {
      setMessage({ text: copy.emailEmpty, problem: true });
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await coachRequest<ResetRequested>(coachAccessApi.passwordReset, { method: 'POST', body: { email } });
      setMessage({ text: answer.message, problem: false });
    } catch (failure) {
      setMessage({ text: resetRequestFailureMessage(failure, new Date()), problem: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignInFrame title={copy.title} intro={copy.intro}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
        <div>
          <label htmlFor="reset-email" className="font-semibold text-ink">
            {copy.emailLabel}
          </label>
          <input
            ref={input}
            id="reset-email"
            name="email"
            type="email"
            autoComplete="email"
            aria-invalid={message?.problem ? true : undefined}
            aria-describedby={message ? 'reset-message' : undefined}
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <div role={message?.problem ? 'alert' : 'status'} id="reset-message" className="live-region">
          {message && <p className={message.problem ? 'font-semibold text-support' : 'rounded-2xl bg-teal-soft px-4 py-3 text-teal-dark'}>{message.text}</p>}
        </div>
        <BusyButton type="submit" busy={busy} className="btn-primary w-full px-6 py-2.5 aria-aria-disabled:cursor-wait aria-disabled:bg-teal-dark">
          {busy ? copy.submitting : copy.submit}
        </BusyButton>
      </form>
      <button type="button" onClick={onBack} className="mt-4 min-h-11 self-start font-semibold text-teal underline underline-offset-4">
        {copy.back}
      </button>
    </SignInFrame>
  );
}

/** The page a reset link opens: a new password, twice; then back to sign-in with it. */
export function ResetPasswordPage({ token, onDone }: { token: string; onDone: (notice: string) => void }) {
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const first = password.current?.value ?? '';
    const second = confirm.current?.value ?? '';
    const found = newPasswordProblem(first, second);
    if (found) {
      const field = found === 'tooShort' ? 'password' : 'confirm';
      setProblem({ field, message: setupCopy[found] });
      (field === 'password' ? password : confirm).current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await coachRequest(coachAccessApi.passwordResetConfirm, { method: 'POST', body: { token, password: first } });
      onDone(copy.done);
    } catch (failure) {
      setBusy(false);
      const body = failure instanceof CoachApiFailure ? failure.body : null;
      if (body?.error === 'invalid_request' && body.field === 'password') setProblem({ field: 'password', message: body.message });
      else if (body?.error === 'wrong_reset_link' || body?.error === 'reset_link_expired') setProblem({ field: 'form', message: body.message });
      else setProblem({ field: 'form', message: signInFailureMessage(failure, new Date()) });
    }
  }

  return (
    <SignInFrame title={copy.newTitle} intro={copy.newIntro}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
        <input type="text" name="username" autoComplete="username" value="coach" readOnly hidden />
        <PasswordField id="reset-password" label={setupCopy.password} autoComplete="new-password" invalid={problem?.field === 'password'} errorId="reset-error" inputRef={password} />
        <PasswordField id="reset-confirm" label={setupCopy.confirm} autoComplete="new-password" invalid={problem?.field === 'confirm'} errorId="reset-error" inputRef={confirm} />
        <div role="alert" id="reset-error" className="live-region">
          {problem && <p className="font-semibold text-support">{problem.message}</p>}
        </div>
        <BusyButton type="submit" busy={busy} className="btn-primary w-full px-6 py-2.5 aria-aria-disabled:cursor-wait aria-disabled:bg-teal-dark">
          {busy ? copy.submittingNew : copy.submitNew}
        </BusyButton>
      </form>
      <button type="button" onClick={() => onDone('')} className="mt-4 min-h-11 self-start font-semibold text-teal underline underline-offset-4">
        {copy.back}
      </button>
    </SignInFrame>
  );
}

/** An expired (or lost) set-up address: a fresh one in the server's log, for a coach with a log viewer and no shell. */
export function FreshSetupLink() {
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  async function ask() {
    setState({ busy: true, message: null });
    try {
      const answer = await coachRequest<{ message: string }>(coachAccessApi.setupLink, { method: 'POST' });
      setState({ busy: false, message: answer.message });
    } catch (failure) {
      setState({ busy: false, message: failure instanceof CoachApiFailure && failure.body ? failure.body.message : accessCopy.freshSetup.failed });
    }
  }
  return (
    <div className="mt-3">
      <BusyButton type="button" busy={state.busy} onClick={() => void ask()} className={secondaryButton}>
        {state.busy ? accessCopy.freshSetup.busy : accessCopy.freshSetup.button}
      </BusyButton>
      <p role="status" className="mt-2 text-sm live-region">
        {state.message}
      </p>
    </div>
  );
}

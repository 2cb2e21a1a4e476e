import { useRef, useState, type FormEvent } from 'react';
import { coachApi, type SessionStatus, type SignInRequest } from '../shared/coach-api';
import { coachRequest } from './api';
import { coachCopy } from './content';
import { signInFailureMessage } from './sign-in-failure';
import { PasswordField } from './ui';

const copy = coachCopy.signIn;

/** Password only: there is one account, the coach's. */
export function SignInPage({ notice, onSignedIn }: { notice: string | null; onSignedIn: (session: SessionStatus) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = input.current?.value ?? '';
    if (!password) {
      setError(copy.empty);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: SignInRequest = { password };
      onSignedIn(await coachRequest<SessionStatus>(coachApi.session, { method: 'POST', body }));
    } catch (failure) {
      setBusy(false);
      setError(signInFailureMessage(failure, new Date()));
      if (input.current) input.current.value = '';
      input.current?.focus();
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-5 py-10">
      <p className="text-sm font-semibold tracking-wide text-teal uppercase">
        {coachCopy.appName} · {coachCopy.appRole}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-teal-dark">{copy.title}</h1>
      <p className="mt-2 text-muted">{copy.intro}</p>
      {notice && (
        <p role="status" className="mt-4 rounded-2xl bg-teal-soft px-4 py-3 text-teal-dark">
          {notice}
        </p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
        {/* A hidden user name helps password managers file the password under this site's one account. */}
        <input type="text" name="username" autoComplete="username" value="coach" readOnly hidden />
        <PasswordField
          id="coach-password"
          label={copy.passwordLabel}
          autoComplete="current-password"
          invalid={error !== null}
          errorId="sign-in-error"
          inputRef={input}
        />
        <div role="alert" id="sign-in-error" className="empty:hidden">
          {error && <p className="font-semibold text-support">{error}</p>}
        </div>
        <button type="submit" disabled={busy} className="btn-primary w-full px-6 py-2.5 disabled:cursor-wait disabled:bg-teal-dark">
          {busy ? copy.submitting : copy.submit}
        </button>
      </form>
    </main>
  );
}

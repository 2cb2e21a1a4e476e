import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachApi } from '../shared/coach-api/routes';
import type { SessionStatus, SetupRequest } from '../shared/coach-api/session';
import { CoachApiFailure, coachRequest } from './api';
import { shellCopy } from './content/shell';
import { setupCopy } from './content/sign-in';
import { CopyableCommand } from './copyable';
import { newPasswordProblem } from './new-password';
import { FreshSetupLink } from './reset-page';
import { signInFailureMessage } from './sign-in-failure';
import { PasswordField } from './ui';

const copy = setupCopy;

function Frame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center px-5 py-10">
      <p className="text-sm font-semibold tracking-wide text-teal uppercase">
        {shellCopy.appName} · {shellCopy.appRole}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-balance text-teal-dark">{title}</h1>
      <p className="mt-2 text-pretty text-muted">{intro}</p>
      {children}
    </main>
  );
}

/**
 * Before any password is set, without a set-up code: where to find the one-time address, and the
 * command line alternative as code to copy.
 */
export function SetupExplained({ onSignIn }: { onSignIn: () => void }) {
  return (
    <Frame title={copy.title} intro={copy.intro}>
      <section aria-labelledby="setup-address" className="mt-6 rounded-3xl border border-line bg-white p-6 shadow-sm">
        <h2 id="setup-address" className="text-lg font-bold text-teal-dark">
          {copy.addressTitle}
        </h2>
        <p className="mt-2 text-pretty">{copy.address}</p>
        <p className="mt-2 rounded-xl bg-paper px-4 py-2 font-mono text-sm break-all">{copy.addressExample}</p>
        <p className="mt-2 text-sm text-pretty text-muted">{copy.addressRules}</p>
        <FreshSetupLink />
      </section>
      <section aria-labelledby="setup-cli" className="mt-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
        <h2 id="setup-cli" className="text-lg font-bold text-teal-dark">
          {copy.cliTitle}
        </h2>
        <p className="mt-2 text-pretty">{copy.cli}</p>
        <div className="mt-3">
          <CopyableCommand command={copy.command} />
        </div>
        <button type="button" onClick={onSignIn} className="mt-4 min-h-11 font-semibold text-teal underline underline-offset-4">
          {copy.signIn}
        </button>
      </section>
    </Frame>
  );
}

type Problem = { field: 'password' | 'confirm' | 'form'; message: string; expired?: boolean };

function problemOf(failure: unknown): Problem {
  if (failure instanceof CoachApiFailure && failure.body) {
    const { error, message, field } = failure.body;
    if (error === 'invalid_request' && field === 'password') return { field: 'password', message };
    if (error === 'wrong_setup_code' || error === 'setup_code_expired') return { field: 'form', message, expired: true };
    if (error === 'password_already_set') return { field: 'form', message: copy.alreadySet };
    if (error === 'too_many_attempts' || error === 'https_required') return { field: 'form', message: signInFailureMessage(failure, new Date()) };
  }
  return { field: 'form', message: copy.failed };
}

/** With the code from the set-up address: choose the password (twice), then signed in. */
export function SetupForm({ code, onSignedIn }: { code: string; onSignedIn: (session: SessionStatus) => void }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const first = password.current?.value ?? '';
    const second = confirm.current?.value ?? '';
    const found = newPasswordProblem(first, second);
    const local: Problem | null = found && { field: found === 'tooShort' ? 'password' : 'confirm', message: copy[found] };
    if (local) {
      setProblem(local);
      (local.field === 'password' ? password : confirm).current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const body: SetupRequest = { code, password: first };
      onSignedIn(await coachRequest<SessionStatus>(coachApi.setup, { method: 'POST', body }));
    } catch (failure) {
      setBusy(false);
      const next = problemOf(failure);
      setProblem(next);
      if (next.field === 'password') password.current?.focus();
    }
  }

  return (
    <Frame title={copy.formTitle} intro={copy.formIntro}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
        <input type="text" name="username" autoComplete="username" value="coach" readOnly hidden />
        <PasswordField
          id="setup-password"
          label={copy.password}
          autoComplete="new-password"
          invalid={problem?.field === 'password'}
          errorId="setup-error"
          inputRef={password}
        />
        <PasswordField
          id="setup-confirm"
          label={copy.confirm}
          autoComplete="new-password"
          invalid={problem?.field === 'confirm'}
          errorId="setup-error"
          inputRef={confirm}
        />
        <div role="alert" id="setup-error" className="live-region">
          {problem && <p className="font-semibold text-support">{problem.message}</p>}
        </div>
        {problem?.expired && <FreshSetupLink />}
        <BusyButton type="submit" busy={busy} className="btn-primary w-full px-6 py-2.5 aria-aria-disabled:cursor-wait aria-disabled:bg-teal-dark">
          {busy ? copy.submitting : copy.submit}
        </BusyButton>
      </form>
    </Frame>
  );
}

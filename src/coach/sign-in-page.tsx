import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachApi } from '../shared/coach-api/routes';
import type { SessionStatus, SignInRequest } from '../shared/coach-api/session';
import { coachAccessApi } from '../shared/coach-api/access';
import { accessCopy } from './content/access';
import { CoachApiFailure, coachRequest } from './api';
import { signInCopy } from './content/sign-in';
import { ResetRequestForm } from './reset-page';
import { SignInFrame } from './sign-in-frame';
import { signInFailureMessage } from './sign-in-failure';
import { inputClass, PasswordField, secondaryButton } from './ui';
import { useFocusOnStep } from './use-focus-on-step';

const copy = signInCopy;
const more = accessCopy.signIn;

/** Whether this browser can use passkeys at all (WebAuthn). */
const passkeysAvailable = () => typeof window.PublicKeyCredential === 'function';

/**
 * Password (then, with the second factor on, a code), or a passkey; "Forgot your password?" when
 * mail is on. There is one account, the coach's.
 */
export function SignInPage({ notice, resetByMail, onSignedIn }: { notice: string | null; resetByMail: boolean; onSignedIn: (session: SessionStatus) => void }) {
  const [error, setError] = useState<string | null>(null);
  /** What went wrong with a passkey: said beside its button, the password field left as it is (it was marked invalid). */
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);
  /** The right password, kept while the code is asked for (sent again with it). */
  const [pendingPassword, setPendingPassword] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const asking = pendingPassword !== null;

  // The code step and the reset form replace the password form, and the password form comes back in
  // their place: focus goes to the field the coach types into next, never left on a button that is gone.
  useFocusOnStep(resetting ? 'reset' : asking ? 'code' : 'password', (form) => (form === 'code' ? codeInput : form === 'password' ? input : null));

  async function send(body: SignInRequest) {
    setBusy('password');
    setError(null);
    setPasskeyError(null);
    try {
      onSignedIn(await coachRequest<SessionStatus>(coachApi.session, { method: 'POST', body }));
    } catch (failure) {
      setBusy(null);
      const code = failure instanceof CoachApiFailure ? failure.body?.error : undefined;
      if (code === 'second_factor_required') {
        setPendingPassword(body.password);
        return;
      }
      setError(code === 'wrong_code' ? more.wrongCode : signInFailureMessage(failure, new Date()));
      if (body.code !== undefined && code !== 'wrong_password') {
        if (codeInput.current) codeInput.current.value = '';
        codeInput.current?.focus();
        return;
      }
      setPendingPassword(null);
      if (input.current) input.current.value = '';
      input.current?.focus();
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = input.current?.value ?? '';
    if (!password) {
      setError(copy.empty);
      input.current?.focus();
      return;
    }
    void send({ password });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeInput.current?.value.trim() ?? '';
    if (!code) {
      setError(more.codeEmpty);
      codeInput.current?.focus();
      return;
    }
    void send({ password: pendingPassword ?? '', code });
  }

  async function signInWithPasskey() {
    setBusy('passkey');
    setError(null);
    setPasskeyError(null);
    try {
      const optionsJSON = await coachRequest<PublicKeyCredentialRequestOptionsJSON>(coachAccessApi.passkeySignInOptions, { method: 'POST' });
      const response = await startAuthentication({ optionsJSON });
      onSignedIn(await coachRequest<SessionStatus>(coachAccessApi.passkeySignIn, { method: 'POST', body: { response } }));
    } catch (failure) {
      setBusy(null);
      if (failure instanceof CoachApiFailure) {
        setPasskeyError(failure.body?.error === 'passkey_refused' ? more.passkeyRefused : signInFailureMessage(failure, new Date()));
      } else {
        // The browser's own dialog was closed, timed out, or found no passkey for this site.
        setPasskeyError(more.passkeyCancelled);
      }
    }
  }

  if (resetting) return <ResetRequestForm onBack={() => setResetting(false)} />;

  const errorBox = (
    <div role="alert" id="sign-in-error" className="live-region">
      {error && <p className="font-semibold text-support">{error}</p>}
    </div>
  );

  if (asking) {
    return (
      <SignInFrame title={more.codeTitle} intro={more.codeIntro}>
        <form noValidate onSubmit={submitCode} className="mt-6 space-y-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
          <div>
            <label htmlFor="sign-in-code" className="font-semibold text-ink">
              {more.codeLabel}
            </label>
            <input
              ref={codeInput}
              id="sign-in-code"
              name="code"
              type="text"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error !== null ? true : undefined}
              aria-describedby={error !== null ? 'sign-in-error' : undefined}
              className={`mt-1 ${inputClass} font-mono tracking-widest`}
            />
          </div>
          {errorBox}
          <BusyButton type="submit" busy={busy !== null} className="btn-primary w-full px-6 py-2.5 aria-aria-disabled:cursor-wait aria-disabled:bg-teal-dark">
            {busy === 'password' ? copy.submitting : more.codeSubmit}
          </BusyButton>
          <button
            type="button"
            onClick={() => {
              setPendingPassword(null);
              setError(null);
            }}
            className="min-h-11 w-full font-semibold text-teal underline underline-offset-4"
          >
            {more.back}
          </button>
        </form>
      </SignInFrame>
    );
  }

  return (
    <SignInFrame title={copy.title} intro={copy.intro} notice={notice}>
      <form noValidate onSubmit={submitPassword} className="mt-6 space-y-4 rounded-3xl border border-line bg-white p-6 shadow-sm">
        {/* A hidden user name helps password managers file the password under this site's one account. */}
        <input type="text" name="username" autoComplete="username webauthn" value="coach" readOnly hidden />
        <PasswordField
          id="coach-password"
          label={copy.passwordLabel}
          autoComplete="current-password"
          invalid={error !== null}
          errorId="sign-in-error"
          inputRef={input}
        />
        {errorBox}
        <BusyButton type="submit" busy={busy !== null} className="btn-primary w-full px-6 py-2.5 aria-aria-disabled:cursor-wait aria-disabled:bg-teal-dark">
          {busy === 'password' ? copy.submitting : copy.submit}
        </BusyButton>
        {passkeysAvailable() && (
          <>
            <p className="text-center text-sm text-muted">{more.or}</p>
            <BusyButton
              type="button"
              busy={busy !== null}
              onClick={() => void signInWithPasskey()}
              aria-describedby={passkeyError !== null ? 'passkey-error' : undefined}
              className={`${secondaryButton} w-full`}
            >
              {busy === 'passkey' ? more.passkeyBusy : more.passkey}
            </BusyButton>
            <div role="alert" id="passkey-error" className="live-region">
              {passkeyError && <p className="font-semibold text-support">{passkeyError}</p>}
            </div>
          </>
        )}
      </form>
      {resetByMail && (
        <button type="button" onClick={() => setResetting(true)} className="mt-4 min-h-11 self-start font-semibold text-teal underline underline-offset-4">
          {more.forgot}
        </button>
      )}
    </SignInFrame>
  );
}

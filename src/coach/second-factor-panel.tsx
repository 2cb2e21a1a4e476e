import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachAccessApi, type RecoveryCodes, type SecondFactorStatus, type TotpEnrolment } from '../shared/coach-api/access';
import { accessCopy } from './content/access';
import { CoachApiFailure, coachRequest } from './api';
import { CopyableCode } from './copyable';
import { formatDateTime } from './format';
import { QrCode } from './qr-code';
import { dangerButton, inputClass, LoadError, Loading, Panel, PasswordField, secondaryButton } from './ui';
import { useCoachData } from './use-coach-data';
import { useFocusOnStep } from './use-focus-on-step';

const copy = accessCopy.secondFactor;

type Step = { kind: 'status' } | { kind: 'enrol'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] } | { kind: 'off' };

const messageOf = (failure: unknown) => (failure instanceof CoachApiFailure && failure.body ? failure.body.message : copy.failed);

/** Scan the QR code (or type the key), confirm with the first code. */
function Enrolment({ enrolment, onConfirmed, onCancel }: { enrolment: TotpEnrolment; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // It replaces the button pressed: focus starts at its first instruction.
  const scan = useRef<HTMLParagraphElement>(null);
  useEffect(() => scan.current?.focus(), []);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = input.current?.value.replace(/\s/g, '') ?? '';
    if (code === '') {
      setProblem(copy.codeEmpty);
      return input.current?.focus();
    }
    setBusy(true);
    setProblem(null);
    try {
      onConfirmed((await coachRequest<RecoveryCodes>(coachAccessApi.secondFactor, { method: 'POST', body: { code } })).recoveryCodes);
    } catch (failure) {
      setBusy(false);
      setProblem(messageOf(failure));
      input.current?.focus();
    }
  }

  return (
    <div className="space-y-4">
      <p ref={scan} tabIndex={-1} className="focus:outline-none">
        {copy.scan}
      </p>
      <QrCode text={enrolment.uri} label={copy.qrLabel} />
      <div>
        <p className="text-sm">{copy.manual}</p>
        <p className="mt-1 font-mono text-base tracking-wider break-all" data-testid="totp-secret">
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </p>
      </div>
      <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-wrap items-end gap-3">
        <div className="basis-64">
          <label htmlFor="totp-code" className="font-semibold">
            {copy.codeLabel}
          </label>
          <input
            ref={input}
            id="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'totp-error' : undefined}
            className={`mt-1 ${inputClass} font-mono tracking-widest`}
          />
        </div>
        <BusyButton type="submit" busy={busy} className="btn-primary min-h-11 px-5">
          {busy ? copy.confirming : copy.confirm}
        </BusyButton>
        <button type="button" onClick={onCancel} className="min-h-11 px-2 font-semibold text-teal underline underline-offset-4">
          {copy.cancel}
        </button>
      </form>
      <div role="alert" id="totp-error" className="live-region">
        {problem && <p className="font-semibold text-support">{problem}</p>}
      </div>
    </div>
  );
}

/** Turning it off asks for the password. */
function TurnOff({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await coachRequest(coachAccessApi.secondFactor, { method: 'DELETE', body: { password: input.current?.value ?? '' } });
      onDone();
    } catch (failure) {
      setBusy(false);
      setProblem(messageOf(failure));
      input.current?.focus();
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <PasswordField id="second-factor-password" label={copy.turnOffPassword} autoComplete="current-password" invalid={problem !== null} errorId="turn-off-error" inputRef={input} />
      <div role="alert" id="turn-off-error" className="live-region">
        {problem && <p className="font-semibold text-support">{problem}</p>}
      </div>
      <div className="flex flex-wrap gap-3">
        <BusyButton type="submit" busy={busy} className={dangerButton}>
          {copy.turnOffConfirm}
        </BusyButton>
        <button type="button" onClick={onCancel} className="min-h-11 px-2 font-semibold text-teal underline underline-offset-4">
          {copy.cancel}
        </button>
      </div>
    </form>
  );
}

export function SecondFactorPanel() {
  const { data, error, reload } = useCoachData<SecondFactorStatus>(coachAccessApi.secondFactor);
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each step replaces the control that led to it: focus goes to the new step (the recovery codes'
  // heading), and back to the button that turns the factor on or off once the steps are over.
  const toggle = useRef<HTMLButtonElement>(null);
  const codesHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnStep(step.kind, (now) => (now === 'codes' ? codesHeading : now === 'status' ? toggle : null));

  async function start() {
    setBusy(true);
    setNotice(null);
    try {
      setStep({ kind: 'enrol', enrolment: await coachRequest<TotpEnrolment>(coachAccessApi.secondFactorEnrolment, { method: 'POST' }) });
    } catch (failure) {
      setNotice(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const finish = (text: string) => {
    setStep({ kind: 'status' });
    setNotice(text);
    reload();
  };

  return (
    <Panel title={copy.title} intro={copy.intro} titleId="second-factor-title">
      {error && <LoadError onRetry={reload} />}
      {!data && !error && <Loading />}
      {data && step.kind === 'status' && (
        <div className="space-y-3">
          <p>
            <strong>{data.on && data.enabledAt ? copy.on(formatDateTime(data.enabledAt)) : copy.off}</strong>
            {data.on && ` ${copy.left(data.recoveryCodesLeft)}`}
          </p>
          {/* One button that turns it on or off: the status read again after the steps turns "Turn on"
              into "Turn off" in place, and the focus the steps put on it stays there. */}
          <BusyButton
            ref={toggle}
            type="button"
            busy={busy}
            onClick={data.on ? () => setStep({ kind: 'off' }) : () => void start()}
            className={data.on ? secondaryButton : 'btn-primary min-h-11 px-5'}
          >
            {data.on ? copy.turnOff : busy ? copy.starting : copy.start}
          </BusyButton>
        </div>
      )}
      {step.kind === 'enrol' && <Enrolment enrolment={step.enrolment} onConfirmed={(codes) => setStep({ kind: 'codes', codes })} onCancel={() => setStep({ kind: 'status' })} />}
      {step.kind === 'codes' && (
        <section aria-labelledby="recovery-codes-title" className="space-y-3">
          <h3 id="recovery-codes-title" ref={codesHeading} tabIndex={-1} className="font-bold text-teal-dark focus:outline-none">
            {copy.codesTitle}
          </h3>
          <p>{copy.codesIntro}</p>
          <CopyableCode code={step.codes.join('\n')} label={copy.codesLabel} />
          <button type="button" onClick={() => finish(copy.signedOutOthers)} className="btn-primary min-h-11 px-5">
            {copy.done}
          </button>
        </section>
      )}
      {step.kind === 'off' && <TurnOff onDone={() => finish(copy.turnedOff)} onCancel={() => setStep({ kind: 'status' })} />}
      <p role="status" className="mt-3 text-teal-dark live-region">
        {notice}
      </p>
    </Panel>
  );
}

/**
 * Forwarding on the settings screen: where leads go (the address field is one of the screen's
 * fields, saved with the others), the signing secret (made on the server, shown once), and "Send a
 * test" with the receiver's answer. What the server's environment sets is shown read-only.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BusyButton } from '../lib/busy-button';
import { coachApi, type CoachApiError } from '../shared/coach-api/routes';
import type { NewWebhookSecret, WebhookStatus, WebhookTestResult } from '../shared/coach-api/webhook';
import { coachSettings } from '../shared/coach-settings';
import { CoachApiFailure, coachRequest } from './api';
import { webhookCopy } from './content/webhook';
import { CopyableCode } from './copyable';
import { dangerButton, LoadError, Loading, Panel, secondaryButton } from './ui';
import { useCoachData, useSessionEnded } from './use-coach-data';
import { useFocusOnStep } from './use-focus-on-step';

const copy = webhookCopy;

type Busy = 'secret' | 'test' | null;

function StatusLine({ status }: { status: WebhookStatus }) {
  if (status.configured) {
    return (
      <p className="rounded-2xl bg-teal-soft px-4 py-3 text-teal-dark">
        <span className="font-semibold">{copy.on}</span> <code className="break-all">{status.destination}</code>
      </p>
    );
  }
  return <p className="rounded-2xl bg-sun-soft px-4 py-3 font-semibold text-ink">{status.destination === null ? copy.offNoAddress : copy.offNoSecret}</p>;
}

function TestResult({ result }: { result: WebhookTestResult }) {
  const good = result.outcome === 'delivered';
  return (
    <section aria-labelledby="webhook-test-result" className={`mt-3 rounded-2xl border-2 p-4 ${good ? 'border-leaf bg-white' : 'border-support bg-white'}`}>
      <h4 id="webhook-test-result" className={`font-bold ${good ? 'text-leaf-dark' : 'text-support'}`}>
        {copy.outcomes[result.outcome]}
      </h4>
      <p className="sr-only">{copy.resultCaption}</p>
      {result.blocked !== null && <p className="mt-1 text-ink">{result.blocked}</p>}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{copy.status}</dt>
        <dd className="tabular-nums">{result.status ?? copy.noStatus}</dd>
        <dt className="text-muted">{copy.sentAt}</dt>
        <dd className="tabular-nums">{copy.clock(result.sentAt)}</dd>
        <dt className="text-muted">{copy.took}</dt>
        <dd className="tabular-nums">{copy.milliseconds(result.durationMs)}</dd>
        <dt className="text-muted">{copy.sentTo}</dt>
        <dd className="break-all">{result.destination}</dd>
        <dt className="text-muted">{copy.webhookId}</dt>
        <dd className="break-all">{result.webhookId}</dd>
        {result.location && (
          <>
            <dt className="text-muted">{copy.redirectTo}</dt>
            <dd className="break-all">{result.location}</dd>
          </>
        )}
      </dl>
      {result.status !== null && (
        <>
          <p className="mt-3 text-sm font-semibold text-ink">
            {copy.answer}
            {result.bodyTruncated && <span className="font-normal text-muted"> ({copy.answerCut})</span>}
          </p>
          {/* Text, never markup: whatever the tool answered is shown as it is. */}
          <pre tabIndex={0} aria-label={copy.answer} className="mt-1 max-h-64 overflow-auto rounded-xl bg-paper p-3 text-sm whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
            {result.body === '' ? copy.noAnswer : result.body}
          </pre>
        </>
      )}
    </section>
  );
}

/**
 * `addressField`: the screen's field for the address; `addressEdited`: whether it holds an edit not
 * saved yet (the test goes to the saved address, so it waits for the save); `saves` counts the
 * screen's saves, after each of which forwarding's state is asked again.
 */
export function WebhookPanel({ addressField, addressEdited, saves }: { addressField: ReactNode; addressEdited: boolean; saves: number }) {
  const { data: status, error, reload } = useCoachData<WebhookStatus>(coachApi.webhook);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  /** The last test's answer, with the save it was sent after: a later save (a new address, maybe) hides it. */
  const [tested, setTested] = useState<{ result: WebhookTestResult; saves: number } | null>(null);
  const result = tested?.saves === saves ? tested.result : null;
  const [busy, setBusy] = useState<Busy>(null);
  const sessionEnded = useSessionEnded();
  // "Make a new secret" gives way to its question, and the question to the button again: focus
  // follows (to Cancel, the safe answer, inside the group its warning names, and back), never
  // falling to the page with the control that had it. A secret made: focus goes to its words
  // ("Copy it into your e-mail tool now"), then Tab reaches the secret and its Copy button.
  const replaceButton = useRef<HTMLButtonElement>(null);
  const replaceCancel = useRef<HTMLButtonElement>(null);
  const newSecret = useRef<HTMLParagraphElement>(null);
  useFocusOnStep(confirmReplace, (now) => (now ? replaceCancel : replaceButton));
  useEffect(() => {
    if (secret !== null) newSecret.current?.focus();
  }, [secret]);

  // A save of the screen may have changed the address: forwarding's state is asked again.
  useEffect(() => {
    if (saves > 0) reload();
  }, [saves, reload]);

  if (error) return <LoadError onRetry={reload} />;
  if (!status) return <Loading />;

  /** Runs one action: a 401 ends the session, a refusal shows its message, anything else says it failed. */
  async function act<T>(which: Busy, run: () => Promise<T>): Promise<T | null> {
    setBusy(which);
    setFailure(null);
    try {
      return await run();
    } catch (caught) {
      if (caught instanceof CoachApiFailure && caught.status === 401) sessionEnded();
      else setFailure(caught instanceof CoachApiFailure && caught.body ? (caught.body as CoachApiError).message : copy.failed);
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function makeSecret() {
    const made = await act('secret', () => coachRequest<NewWebhookSecret>(coachApi.webhookSecret, { method: 'POST' }));
    setConfirmReplace(false);
    if (made === null) return;
    setSecret(made.secret);
    reload();
  }

  async function sendTest() {
    setTested(null);
    const answer = await act('test', () => coachRequest<WebhookTestResult>(coachApi.webhookTest, { method: 'POST' }));
    if (answer !== null) setTested({ result: answer, saves });
  }

  const secretFromServer = status.secretSource === 'environment';
  const { env: secretVariable = '' } = coachSettings.webhookSecret;

  return (
    <Panel title={copy.title} intro={copy.intro} titleId="settings-webhook">
      <div className="space-y-6">
        <StatusLine status={status} />
        {addressField}

        <div>
          <h3 className="font-semibold text-ink">{copy.secretTitle}</h3>
          <p className="mt-1 text-sm text-muted">{copy.secretIntro}</p>
          {secretFromServer ? (
            <p className="mt-2 text-sm font-semibold text-teal-dark">{copy.fromServer(secretVariable)}</p>
          ) : (
            <>
              {secret ? (
                <div className="mt-3 space-y-2">
                  <p ref={newSecret} tabIndex={-1} className="font-semibold text-ink outline-none">
                    {copy.newSecret}
                  </p>
                  <CopyableCode code={secret} label={copy.secretLabel} />
                </div>
              ) : (
                <p className="mt-2 text-sm text-ink">{status.secretSet ? copy.secretSet : copy.secretNone}</p>
              )}
              {confirmReplace ? (
                <div role="group" aria-labelledby="webhook-replace-warning" className="mt-3 rounded-2xl bg-sun-soft p-4">
                  <p id="webhook-replace-warning" className="font-semibold text-ink">
                    {copy.replaceWarning}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-3">
                    <BusyButton type="button" onClick={() => void makeSecret()} busy={busy !== null} className={dangerButton}>
                      {busy === 'secret' ? copy.making : copy.replaceYes}
                    </BusyButton>
                    <button ref={replaceCancel} type="button" onClick={() => setConfirmReplace(false)} className={secondaryButton}>
                      {copy.cancel}
                    </button>
                  </div>
                </div>
              ) : (
                <BusyButton
                  ref={replaceButton}
                  type="button"
                  onClick={() => (status.secretSet ? setConfirmReplace(true) : void makeSecret())}
                  busy={busy !== null}
                  className={`${secondaryButton} mt-3`}
                >
                  {busy === 'secret' ? copy.making : status.secretSet ? copy.replaceSecret : copy.makeSecret}
                </BusyButton>
              )}
            </>
          )}
        </div>

        <div>
          <h3 className="font-semibold text-ink">{copy.testTitle}</h3>
          <p id="webhook-test-hint" className="mt-1 text-sm text-muted">
            {addressEdited ? copy.saveFirst : copy.testHint}
          </p>
          <BusyButton
            type="button"
            onClick={() => void sendTest()}
            busy={busy !== null}
            disabled={!status.configured || addressEdited}
            aria-describedby="webhook-test-hint"
            className={`${secondaryButton} mt-3`}
          >
            {busy === 'test' ? copy.sending : copy.sendTest}
          </BusyButton>
          <div aria-live="polite">{result && <TestResult result={result} />}</div>
        </div>

        <p role="alert" className="text-sm font-semibold text-support live-region">
          {failure}
        </p>
      </div>
    </Panel>
  );
}

/**
 * "Send a test contact" in the e-mail tool section (email-tool-panel.tsx): one contact with a sample
 * profile's tags, sent with the saved settings (so it waits while the section holds unsaved changes),
 * and the tool's answer. A refused address is said on its field, where the focus goes.
 */
import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../lib/busy-button';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { emailToolApi, type ToolTestResult } from '../shared/email-tool-api';
import { coachRequest } from './api';
import { emailToolCopy as copy } from './content/email-tool';
import { type Failure, useCall } from './email-tool-call';
import { inputClass, secondaryButton } from './ui';

export function TestContact({ settings, changed }: { settings: SettingsResponse; changed: boolean }) {
  const call = useCall();
  const [email, setEmail] = useState(settings.values.recoveryEmail ?? '');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ToolTestResult | Failure | null>(null);
  const address = useRef<HTMLInputElement>(null);
  // The address refused (empty, not one address) is said on its field, where focus goes to put it right.
  const addressProblem = answer && 'failure' in answer && answer.field === 'email' ? answer.failure : null;
  useEffect(() => {
    if (addressProblem !== null) address.current?.focus();
  }, [answer, addressProblem]);

  async function send() {
    setBusy(true);
    setAnswer(await call(() => coachRequest<ToolTestResult>(emailToolApi.test, { method: 'POST', body: { email } })));
    setBusy(false);
  }

  return (
    <div>
      <h3 className="font-semibold text-ink">{copy.testTitle}</h3>
      <p id="tool-test-hint" className="mt-1 text-sm text-muted">
        {changed ? copy.saveFirst : copy.testHint}
      </p>
      {/* The address's problem under it: on a phone above the button, beside it the row below both. */}
      <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div>
          <label htmlFor="tool-test-address" className="text-sm font-semibold text-ink">
            {copy.testAddress}
          </label>
          <input
            ref={address}
            id="tool-test-address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={addressProblem !== null ? true : undefined}
            aria-describedby={addressProblem !== null ? 'tool-test-address-error' : undefined}
            className={`mt-1 ${inputClass}`}
          />
        </div>
        {addressProblem !== null && (
          <p id="tool-test-address-error" className="text-sm font-semibold text-support sm:col-span-2">
            {addressProblem}
          </p>
        )}
        <BusyButton
          type="button"
          onClick={() => void send()}
          busy={busy}
          disabled={changed}
          aria-describedby="tool-test-hint"
          className={`${secondaryButton} sm:col-start-2 sm:row-start-1`}
        >
          {busy ? copy.testing : copy.test}
        </BusyButton>
      </div>
      <div aria-live="polite">
        {answer && 'failure' in answer && addressProblem === null && <p className="mt-3 rounded-2xl bg-sun-soft px-4 py-3 font-semibold text-ink">{answer.failure}</p>}
        {answer && 'outcome' in answer && (
          <section aria-labelledby="tool-test-result" className={`mt-3 rounded-2xl border-2 bg-white p-4 ${answer.ok ? 'border-leaf' : 'border-support'}`}>
            <h4 id="tool-test-result" className={`font-bold ${answer.ok ? 'text-leaf-dark' : 'text-support'}`}>
              {copy.testOutcomes[answer.outcome]}
            </h4>
            <p className="mt-1 break-words text-ink">{answer.detail}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {answer.status !== null && (
                <>
                  <dt className="text-muted">{copy.status}</dt>
                  <dd className="tabular-nums">{answer.status}</dd>
                </>
              )}
              <dt className="text-muted">{copy.took}</dt>
              <dd className="tabular-nums">{copy.milliseconds(answer.durationMs)}</dd>
              <dt className="text-muted">{copy.tags}</dt>
              <dd className="break-words">{answer.labels.join(', ')}</dd>
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}

/**
 * Under the settings screen's "Sending e-mail": whether mail is on and through which server (never
 * the password), and the "Send a test e-mail" button with what the mail server answered.
 */
import { useState } from 'react';
import { BusyButton } from '../lib/busy-button';
import type { MailStatus, MailTestResult } from '../shared/coach-api/mail';
import { coachApi } from '../shared/coach-api/routes';
import { CoachApiFailure, coachRequest } from './api';
import { settingsCopy } from './content/settings';
import { secondaryButton } from './ui';
import { useCoachData, useSessionEnded } from './use-coach-data';

const copy = settingsCopy.mail;

type Tried = { result: MailTestResult } | { refusal: string } | null;

function TestAnswer({ result }: { result: MailTestResult }) {
  const accepted = result.outcome === 'accepted';
  const headline = accepted ? copy.outcomes.accepted(result.to) : result.outcome === 'refused' ? copy.outcomes.refused(result.to) : copy.outcomes.failed;
  const meaning = result.stage === null ? undefined : copy.stages[result.stage];
  const took = `${(result.durationMs / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`;
  return (
    <div className={`rounded-2xl px-4 py-3 ${accepted ? 'bg-teal-soft' : 'bg-sun-soft'}`}>
      <p className="font-semibold text-ink">{headline}</p>
      {meaning && <p className="mt-1">{meaning}</p>}
      <p className="mt-2 text-sm text-muted">{copy.answer}:</p>
      <p className="font-mono text-sm break-words text-ink">{result.answer}</p>
      <p className="mt-1 text-sm break-words text-muted">
        {copy.details(result.server, took, result.smtpCode === null ? copy.noCode : `SMTP ${result.smtpCode}`)}
      </p>
    </div>
  );
}

/** The mail server refuses the sender: what it said, and that the e-mails wait (Settings and Deliveries show it). */
export function SenderRefused({ answer }: { answer: string }) {
  return (
    <div className="rounded-2xl bg-sun-soft px-4 py-3">
      <p className="font-semibold text-ink">{copy.senderRefused}</p>
      <p className="mt-2 text-sm text-muted">{copy.answer}:</p>
      <p className="font-mono text-sm break-words text-ink">{answer}</p>
    </div>
  );
}

/** `edited`: the mail server or sender holds an edit not saved yet (the test uses the saved ones, so it waits for the save). */
export function MailCheck({ edited }: { edited: boolean }) {
  const { data } = useCoachData<MailStatus>(coachApi.mail);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState<Tried>(null);
  const sessionEnded = useSessionEnded();

  async function test() {
    setBusy(true);
    setTried(null);
    try {
      setTried({ result: await coachRequest<MailTestResult>(coachApi.mailTest, { method: 'POST' }) });
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      setTried({ refusal: failure instanceof CoachApiFailure && failure.body ? failure.body.message : copy.requestFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 border-t border-line pt-5">
      <h3 className="font-semibold text-ink">{copy.statusTitle}</h3>
      {data && (
        <p className="text-pretty break-words">
          {data.on ? copy.on(data.server ?? '', data.from ?? '') : copy.off(data.missing ?? '')}
        </p>
      )}
      {data?.senderRefused && <SenderRefused answer={data.senderRefused} />}
      <p id="mail-test-hint" className="text-sm text-pretty text-muted">
        {edited ? copy.saveFirst : copy.testHint}
      </p>
      <BusyButton type="button" onClick={() => void test()} busy={busy} disabled={edited} aria-describedby="mail-test-hint" className={secondaryButton}>
        {busy ? copy.testing : copy.test}
      </BusyButton>
      <div role="status" aria-live="polite" className="live-region">
        {tried && 'result' in tried && <TestAnswer result={tried.result} />}
        {tried && 'refusal' in tried && <p className="rounded-2xl bg-sun-soft px-4 py-3 font-semibold">{tried.refusal}</p>}
      </div>
    </div>
  );
}

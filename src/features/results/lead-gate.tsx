import { useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import * as v from 'valibot';
import { resultsCopy } from '../../content/results';
import { useWords } from '../../lib/words';
import { fireConfetti } from '../../lib/confetti';
import { LiveRegion } from '../../lib/live-region';
import { reportFunnelStep } from '../../lib/funnel';
import { leadCaptureMode, type LeadStored, submitLead } from '../../lib/lead-client';
import { readSiteConfig } from '../../lib/site-config';
import { confetti, type Rating } from '../../shared/constants';
import { leadSchema } from '../../shared/lead';
import { errorsAfterEdit, type GateErrors } from './gate-errors';
import type { MailNews } from '../../lib/results-memory';

type LeadGateProps = {
  /** The nine ratings in driver order. */
  ratings: Rating[];
  /** Called once the lead is stored, with the first name as typed (trimmed) and what the page may say about the e-mail. */
  onUnlocked: (firstName: string, mail: MailNews) => void;
};

/**
 * What the unlocked page says about the results e-mail: that it is on its way (queued for this
 * submission), and whether the visitor should confirm the marketing they ticked there; null when
 * nothing was queued now (mail off, or held: the success toast says that one is already on its way).
 */

const ourCopy = resultsCopy.gate;

// One error toast at a time: a new error replaces the last; a new attempt, a fixed address or success dismisses it.
const errorToast = 'lead-gate-error';
type ErrorToastKind = 'invalidEmail' | 'failure';

type GateFieldProps = ComponentProps<'input'> & { id: string; label: string; error: string | undefined };

/** A required, labelled input whose error message is tied to it for screen readers. */
function GateField({ id, label, error, ...input }: GateFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
      </label>
      {/*
        The scroll margin (6rem) with the page's own scroll padding (4.5rem) keeps 10.5rem clear above a
        field scrolled into view: room for a toast at the top of the screen (about 7.5rem on a phone),
        so none covers the field or its label.
      */}
      <input
        {...input}
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block min-h-12 w-full scroll-mt-24 rounded-xl border-2 border-muted bg-white px-4 text-base text-ink placeholder:text-muted aria-invalid:border-support"
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm font-semibold text-support">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A field people never see or reach, which form-filling bots tend to fill. The server answers a filled
 * one like any other lead but stores nothing.
 */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="lead-website">{ourCopy.honeypotLabel}</label>
      <input id="lead-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The optional marketing-consent box: unticked at first, never required to see the insights. */
function ConsentBox({ text }: { text: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id="lead-marketing-consent"
        name="marketingConsent"
        type="checkbox"
        value="yes"
        defaultChecked={false}
        className="mt-0.5 size-6 shrink-0 accent-teal"
      />
      <label htmlFor="lead-marketing-consent" className="text-ink">
        {text}
      </label>
    </div>
  );
}

/** The e-mail gate: checks the form itself on submit (SPEC section 5) and submits through the lead client. */
export function LeadGate({ ratings, onUnlocked }: LeadGateProps) {
  const copy = useWords(ourCopy, 'results.gate');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<GateErrors>({});
  const shownErrorToast = useRef<ErrorToastKind | null>(null);
  // A second submit before React re-renders the disabled button must not send the lead twice.
  const inFlight = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const firstNameInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [siteConfig] = useState(readSiteConfig);
  // The box asks for marketing consent, which only means something when the lead reaches the coach.
  const showConsentBox = siteConfig.consentCheckboxText !== null && leadCaptureMode === 'api';

  /**
   * `fieldSaysIt`: the toast's text is also the message of the field that focus is moving to, which
   * a screen reader reads on landing there (its description). Then the toast's live region announces
   * only the title, so the message is heard once, not twice. On screen the toast is unchanged.
   */
  function showErrorToast(kind: ErrorToastKind, fieldSaysIt = false) {
    shownErrorToast.current = kind;
    const { title, description } = resultsCopy.toasts[kind];
    const announced = fieldSaysIt ? <span aria-hidden="true">{description}</span> : description;
    toast.error(title, { id: errorToast, description: announced });
  }

  function dismissErrorToast() {
    shownErrorToast.current = null;
    toast.dismiss(errorToast);
  }

  /** Typing fixes errors, never adds them; a fixed address takes its Invalid email toast with it. */
  function handleEdit(field: 'email' | 'firstName', value: string) {
    const remaining = errorsAfterEdit(errors, field, value);
    if (remaining === errors) return;
    setErrors(remaining);
    if (field === 'email' && shownErrorToast.current === 'invalidEmail') dismissErrorToast();
  }

  /** Focus on the address, scrolled clear of the toast at the top of the screen (see GateField). */
  function focusEmail() {
    const input = emailInput.current;
    input?.focus({ preventScroll: true });
    input?.scrollIntoView({ block: 'nearest' });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = new FormData(event.currentTarget);
    const parsed = v.safeParse(leadSchema, {
      email: form.get('email'),
      firstName: form.get('firstName'),
      ratings,
      website: form.get('website') ?? '',
      // What this page showed about the address, so the server can record it (none without a server).
      ...(siteConfig.consentVersion === null
        ? {}
        : {
            consent: {
              version: siteConfig.consentVersion,
              ...(showConsentBox ? { marketing: form.get('marketingConsent') === 'yes' } : {}),
            },
          }),
    });
    if (!parsed.success) {
      const nested = v.flatten<typeof leadSchema>(parsed.issues).nested;
      const found: GateErrors = { email: nested?.email?.[0], firstName: nested?.firstName?.[0] };
      setErrors(found);
      if (found.email) {
        // Sent with Enter from the address field itself, focus does not move, so nothing reads the
        // field's new message: the toast says it in full.
        showErrorToast('invalidEmail', document.activeElement !== emailInput.current);
        focusEmail();
      } else if (found.firstName) {
        // The address is fine now: a toast saying otherwise would contradict the form.
        dismissErrorToast();
        firstNameInput.current?.focus();
      } else {
        showErrorToast('failure');
      }
      return;
    }

    setErrors({});
    // A new attempt: no earlier error stays over a form that now says Analyzing..., nor lingers
    // behind the success, hidden but still reachable by Tab.
    dismissErrorToast();
    inFlight.current = true;
    setSubmitting(true);
    let stored: LeadStored;
    try {
      stored = await submitLead(parsed.output);
    } catch {
      inFlight.current = false;
      // The button is enabled again at once, so focus can go back to it: disabling it while focused
      // (pressed by keyboard) dropped focus to the page's <body>, and a retry started from nowhere.
      flushSync(() => setSubmitting(false));
      if (document.activeElement === null || document.activeElement === document.body) submitButton.current?.focus();
      showErrorToast('failure');
      return;
    }
    reportFunnelStep('lead');
    // Confetti is decoration: if its script fails to load, the unlock still happens.
    fireConfetti(confetti.resultsUnlock).catch(() => undefined);
    const { title, description } = resultsCopy.toasts[stored.mail === 'held' ? 'successMailHeld' : 'success'];
    toast.success(title, { description });
    onUnlocked(parsed.output.firstName, stored.mail === 'queued' ? { confirm: parsed.output.consent?.marketing === true } : null);
  }

  return (
    <div className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-8">
      <h2 id="gate-title" className="text-2xl font-bold text-balance text-teal-dark">
        {copy.title}
      </h2>
      <p className="mt-2 text-muted">{copy.intro}</p>
      <ul className="mt-3 space-y-2">
        {copy.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <svg viewBox="0 0 16 16" className="mt-1 size-4 shrink-0 text-teal" aria-hidden="true" focusable="false">
              <path d="m3 8.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {benefit}
          </li>
        ))}
      </ul>

      <form noValidate onSubmit={handleSubmit} aria-labelledby="gate-title" className="mt-6 space-y-4">
        <GateField
          ref={emailInput}
          id="lead-email"
          name="email"
          type="email"
          label={copy.emailLabel}
          autoComplete="email"
          inputMode="email"
          placeholder={copy.emailPlaceholder}
          error={errors.email}
          onChange={(event) => handleEdit('email', event.currentTarget.value)}
        />
        <GateField
          ref={firstNameInput}
          id="lead-first-name"
          name="firstName"
          type="text"
          label={copy.firstNameLabel}
          autoComplete="given-name"
          error={errors.firstName}
          onChange={(event) => handleEdit('firstName', event.currentTarget.value)}
        />
        <Honeypot />
        {showConsentBox && <ConsentBox text={siteConfig.consentCheckboxText ?? ''} />}
        <button
          ref={submitButton}
          type="submit"
          disabled={submitting}
          className="btn-primary w-full px-7 py-3 text-lg disabled:cursor-wait disabled:bg-teal-dark"
        >
          {submitting && (
            <span
              aria-hidden="true"
              className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
            />
          )}
          {submitting ? copy.submitting : copy.submit}
        </button>
        {/* The button's Analyzing... is not read out: focus is in a field, or was on the button, now disabled. */}
        <LiveRegion message={submitting ? copy.submitting : ''} className="sr-only" />
        <div className="space-y-1 text-center text-sm text-muted">
          <p>
            {leadCaptureMode === 'api' ? copy.notice : copy.localNotice}
            {leadCaptureMode === 'api' && siteConfig.mailOn && ` ${copy.mailNotice}`}
            {siteConfig.privacyUrl && (
              <>
                {' '}
                {/* A new tab: leaving this page would lose the results. */}
                <a
                  href={siteConfig.privacyUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-teal underline underline-offset-2 hover:text-teal-dark"
                >
                  {copy.privacyLink}
                  <span className="sr-only"> {resultsCopy.course.newTabHint}</span>
                </a>
              </>
            )}
          </p>
          <p>{copy.noSpam}</p>
        </div>
      </form>
    </div>
  );
}

/**
 * What both backends share about the results e-mail's links: the row a live profile link reads,
 * and how it becomes the contract's answer.
 */
import type { LinkedProfile } from './storage';

/** A person's submission as the profile page reads it: the link's own, then the one before it. */
export type LinkedSubmissionRow = {
  first_name: string;
  ratings: string;
  submitted_at: number;
  consent_version: string | null;
  consent_wording: string | null;
  marketing_consent: number | null;
  marketing_confirmed_at: number | null;
};

/** Long-expired links are forgotten when new ones are stored, at most once a minute: a day after they expire. */
export const LINK_SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/** The profile behind a link: its own submission, and the one before it (what changed). */
export function linkedProfile(rows: LinkedSubmissionRow[], linkExpiresAt: number): LinkedProfile | null {
  const [latest, previous] = rows;
  if (!latest) return null;
  return {
    firstName: latest.first_name,
    ratings: latest.ratings,
    submittedAt: latest.submitted_at,
    previous: previous ? { ratings: previous.ratings, submittedAt: previous.submitted_at } : null,
    consent: {
      version: latest.consent_version,
      wording: latest.consent_wording,
      marketing: latest.marketing_consent === null ? null : latest.marketing_consent === 1,
      confirmedAt: latest.marketing_confirmed_at,
    },
    linkExpiresAt,
  };
}

export const linkedSubmissionColumns =
  'first_name, ratings, submitted_at, consent_version, consent_wording, marketing_consent, marketing_confirmed_at';

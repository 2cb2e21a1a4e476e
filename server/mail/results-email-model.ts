/**
 * What the results e-mail says, as data: one model that both parts of the message are rendered from
 * (the HTML in ./results-email.tsx, the plain text in ./results-email-text.ts), so they never say
 * different things. Every text comes from src/content/; the insights are the results page's own
 * rules (buildInsights), fed with the stored ratings.
 */
import { coreDrivers, type DriverId } from '../../src/content/drivers';
import { emailCopy as ourEmailCopy } from '../../src/content/email';
import { resultsCopy as ourResultsCopy } from '../../src/content/results';
import { site as ourSite } from '../../src/content/site';
import { buildInsights, type DriverInsight, firstStep, type Insights } from '../../src/shared/insights';
import type { Rating } from '../../src/shared/constants';
import { isMailableName } from '../../src/shared/lead';
import { mayShowCourse, type MarketingState, needsConfirmation } from '../../src/shared/marketing';
import { mergeWords, type Words } from '../../src/shared/word-merge';
import { type Offer, pickOffer } from '../../src/shared/offer-pick';
import { type ChangeSummary, type DatedRatings, dayInWords, describeChanges } from '../../src/shared/profile-changes';
import { profileSectionUrl } from '../../src/shared/profile-sections';

export type ResultsEmailInput = {
  firstName: string;
  /** This submission's nine ratings, in driver order. */
  ratings: readonly Rating[];
  submittedAt: number;
  /** The same person's submission before this one, if any: "what changed". */
  previous: DatedRatings | null;
  /** The private link back to the profile, and the double opt-in's confirm link when one is due. */
  links: { profile: string; confirm: string | null };
  profileLinkDays: number;
  /** From the consent record: decides the course pitch and the confirm button (src/shared/marketing.ts). */
  marketing: MarketingState;
  courseUrl: string;
  coachName: string | null;
  /** The coach's own line for heavy results (dashboard settings), shown with the care line; null when not set. */
  helpLine: { text: string; url: string | null } | null;
  /** The quiz's host, as the footer names it ("quiz.coach.example"). */
  siteHost: string;
  /** Dates are written in the coach's time zone (ANALYTICS_TIME_ZONE). */
  timeZone: string;
  /** The coach's own wording (src/shared/words.ts), where they wrote one. */
  words?: Words;
  /** The coach's offers by pattern (src/shared/offer-pick.ts): the one that fits is pitched; else the course (the default offer). */
  offers?: readonly Offer[];
  /** The default offer's pitch (the course settings); null: ours. */
  coursePitch?: string | null;
  now: number;
};

/** `before`: the rating of the last quiz, when it was another (a retake). */
export type EmailDriver = { id: DriverId; name: string; rating: Rating; ratingWords: string; before: { rating: Rating; words: string } | null };

function beforeOf(earlier: Rating | undefined, now: Rating): EmailDriver['before'] {
  return earlier === undefined || earlier === now ? null : { rating: earlier, words: ourEmailCopy.was(ourResultsCopy.ratingLabels[earlier]) };
}

/** "A", "A and B", "A, B and C". */
function namesInWords(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * One driver's text in full, then the others by name with the way to their texts on the profile
 * page: `url` opens it at that part (src/shared/profile-sections.ts).
 */
export type LeadItem = { first: DriverInsight; more: { text: string; link: string; url: string } | null } | null;

function leadWithOne(first: DriverInsight | undefined, others: readonly DriverInsight[], copy: { text: (names: string) => string; link: string }, url: string): LeadItem {
  if (!first) return null;
  const more = others.length === 0 ? null : { text: copy.text(namesInWords(others.map((item) => item.name))), link: copy.link, url };
  return { first, more };
}

export type ResultsEmail = {
  subject: string;
  preview: string;
  greeting: string;
  intro: string;
  profileTitle: string;
  driversTitle: string;
  drivers: EmailDriver[];
  insights: Insights;
  /**
   * The tips as the results page shows them: one to start with; the others named, with the way to
   * them on the profile page. Null when nothing needs support (the challenges' fallback text shows).
   */
  tips: LeadItem;
  /** The strengths the same way: the first explained, the others named. Null when none is strong. */
  strengths: LeadItem;
  /** The coach's help line, with the care line (only when that shows). */
  helpLine: { text: string; url: string | null } | null;
  changes: ChangeSummary | null;
  link: { url: string; button: string; note: string; plainLabel: string };
  confirm: { url: string; title: string; text: string; button: string; note: string; plainLabel: string } | null;
  course: { url: string; title: string; pitch: string; button: string } | null;
  signOff: string;
  signature: string;
  footer: string[];
};

/** The offer that fits the ratings (its title leads its pitch), else the default offer: the course. */
function courseOf(input: ResultsEmailInput, copy: typeof ourResultsCopy.course): NonNullable<ResultsEmail['course']> {
  const offer = pickOffer(input.offers, input.ratings);
  if (offer === null) return { url: input.courseUrl, title: copy.title, pitch: input.coursePitch ?? copy.pitch, button: copy.button };
  return { url: offer.url, title: offer.title, pitch: offer.pitch, button: offer.button ?? copy.button };
}

export function resultsEmail(input: ResultsEmailInput): ResultsEmail {
  const rated = coreDrivers.map((driver, index) => ({ id: driver.id, rating: input.ratings[index] as Rating }));
  const day = (at: number) => dayInWords(at, input.timeZone, input.now);
  const confirmUrl = needsConfirmation(input.marketing) ? input.links.confirm : null;
  const emailCopy = mergeWords(ourEmailCopy, input.words, 'email');
  const resultsCopy = mergeWords(ourResultsCopy, input.words, 'results');
  const site = mergeWords(ourSite, input.words, 'site');
  const insights = buildInsights(rated, input.words);
  const step = firstStep(insights.challenges.items);
  return {
    subject: emailCopy.subject,
    preview: emailCopy.preview,
    // A name stored before today's rule (a web address in it, or a long text) never opens the coach's e-mail.
    greeting: emailCopy.greeting(isMailableName(input.firstName) ? input.firstName : null),
    intro: emailCopy.intro,
    profileTitle: emailCopy.profileTitle,
    driversTitle: emailCopy.driversTitle,
    drivers: rated.map(({ id, rating }, index) => ({
      id,
      name: coreDrivers[index]?.shortName ?? '',
      rating,
      ratingWords: resultsCopy.ratingLabels[rating],
      before: beforeOf(input.previous?.ratings[index], rating),
    })),
    insights,
    tips: leadWithOne(step?.first, step?.others ?? [], emailCopy.moreTips, profileSectionUrl(input.links.profile, 'tips')),
    strengths: leadWithOne(insights.strengths.items[0], insights.strengths.items.slice(1), emailCopy.moreStrengths, profileSectionUrl(input.links.profile, 'strengths')),
    helpLine: input.helpLine,
    changes: input.previous ? describeChanges(input.previous, { ratings: input.ratings, at: input.submittedAt }, day) : null,
    link: {
      url: input.links.profile,
      button: emailCopy.link.button,
      note: emailCopy.link.note(input.profileLinkDays),
      plainLabel: emailCopy.link.plainLabel,
    },
    confirm: confirmUrl === null ? null : { url: confirmUrl, ...emailCopy.confirm },
    course: mayShowCourse(input.marketing) ? courseOf(input, resultsCopy.course) : null,
    signOff: emailCopy.signOff,
    signature: input.coachName ?? emailCopy.unnamedCoach,
    footer: [emailCopy.footer.why(input.siteHost), emailCopy.footer.erase, site.disclaimer],
  };
}

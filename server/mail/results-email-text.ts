/**
 * The plain-text part of the results e-mail, from the same model as the HTML part and in the same
 * order: for mail apps that show no HTML, screen readers that prefer it, and spam filters that
 * compare the two. An address always stands on its own line under its words, so no line reads
 * "...with me.: https://...".
 */
import { resultsCopy } from '../../src/content/results';
import type { LeadItem, ResultsEmail } from './results-email-model';

// Short enough for one line of a 320 px phone's mail app (17 px text): dashes cannot wrap.
const rule = '—'.repeat(16);

/** Words, then the address on its own line; a colon only where the words do not end in punctuation already. */
function linked(words: string, url: string): string[] {
  return [/[.:!?]$/.test(words) ? words : `${words}:`, url];
}

/** A list's heading and intro, one driver's text in full (marked where it is the tip to start with), the others by name with the way to them. */
function ledList(list: ResultsEmail['insights']['challenges'], lead: LeadItem, label?: string): string[] {
  // The list's intro speaks of all its drivers; with one in full and the rest named, only its fallback text stays.
  if (!lead) return [list.title.toUpperCase(), list.intro];
  const { first, more } = lead;
  return [
    list.title.toUpperCase(),
    label ? `${label.toUpperCase()}: ${first.name}` : `* ${first.name}`,
    `  ${first.text}`,
    ...(more ? ['', more.text, ...linked(more.link, more.url)] : []),
  ];
}

export function resultsEmailText(email: ResultsEmail): string {
  const { insights } = email;
  const blocks: string[][] = [
    [email.greeting, '', email.intro],
    [...linked(email.link.plainLabel, email.link.url), email.link.note],
  ];
  // The opt-in step right after the profile's link, as in the HTML part.
  if (email.confirm) {
    blocks.push([email.confirm.title.toUpperCase(), email.confirm.text, '', ...linked(email.confirm.plainLabel, email.confirm.url), email.confirm.note]);
  }
  blocks.push([email.driversTitle.toUpperCase(), ...email.drivers.map((driver) => `* ${driver.name}: ${driver.ratingWords}`)]);
  if (email.changes) {
    blocks.push([email.changes.title.toUpperCase(), email.changes.intro, ...email.changes.lines.map((line) => `* ${line}`), email.changes.closing]);
  }
  // When many drivers need support, the care line (and the coach's help line) comes before any tip.
  if (insights.care) {
    const help = email.helpLine;
    blocks.push([insights.care, ...(help ? (help.url ? linked(help.text, help.url) : [help.text]) : [])]);
  }
  blocks.push(ledList(insights.challenges, email.tips, resultsCopy.insights.challenges.startHere));
  blocks.push(ledList(insights.strengths, email.strengths));
  blocks.push([resultsCopy.insights.pattern.title.toUpperCase(), insights.summary.text, ...insights.notes.flatMap((note) => ['', note.text])]);
  if (email.course) blocks.push([email.course.title.toUpperCase(), email.course.pitch, '', ...linked(email.course.button, email.course.url)]);
  blocks.push([email.signOff, email.signature]);
  blocks.push([rule, ...email.footer]);
  return `${blocks.map((block) => block.join('\n')).join('\n\n')}\n`;
}

/**
 * The plain-text part of the results e-mail, from the same model as the HTML part: for mail apps
 * that show no HTML, screen readers that prefer it, and spam filters that compare the two.
 */
import { resultsCopy } from '../../src/content/results';
import type { ResultsEmail } from './results-email-model';

const rule = '—'.repeat(24);

function insightList(list: ResultsEmail['insights']['challenges']): string[] {
  return [list.title.toUpperCase(), list.intro, ...list.items.flatMap((item) => ['', `* ${item.name}`, `  ${item.text}`])];
}

export function resultsEmailText(email: ResultsEmail): string {
  const { insights } = email;
  const blocks: string[][] = [
    [email.greeting, '', email.intro],
    [email.link.plainLabel, email.link.url, email.link.note],
    [email.profileTitle.toUpperCase(), ...email.drivers.map((driver) => `* ${driver.name}: ${driver.ratingWords}`)],
  ];
  if (email.changes) {
    blocks.push([email.changes.title.toUpperCase(), email.changes.intro, ...email.changes.lines.map((line) => `* ${line}`), email.changes.closing]);
  }
  blocks.push(insightList(insights.challenges), insightList(insights.strengths));
  blocks.push([
    resultsCopy.insights.pattern.title.toUpperCase(),
    insights.summary.text,
    ...insights.notes.flatMap((note) => ['', note.text]),
    ...(insights.care ? ['', insights.care] : []),
    ...(insights.care && email.helpLine ? [email.helpLine.url ? `${email.helpLine.text}: ${email.helpLine.url}` : email.helpLine.text] : []),
  ]);
  if (email.confirm) {
    blocks.push([email.confirm.title.toUpperCase(), email.confirm.text, '', `${email.confirm.plainLabel} ${email.confirm.url}`, email.confirm.note]);
  }
  if (email.course) blocks.push([email.course.title.toUpperCase(), email.course.pitch, '', `${email.course.button}: ${email.course.url}`]);
  blocks.push([email.signOff, email.signature]);
  blocks.push([rule, ...email.footer]);
  return `${blocks.map((block) => block.join('\n')).join('\n\n')}\n`;
}

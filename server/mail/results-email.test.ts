/**
 * The results e-mail as a visitor's mail app receives it: rendered, sent through Nodemailer to a real
 * SMTP server on loopback, and read back with mailparser.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { coreDrivers } from '../../src/content/drivers';
import { driverTips, resultsCopy } from '../../src/content/results';
import type { Rating } from '../../src/shared/constants';
import type { MarketingState } from '../../src/shared/marketing';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createMailer, type Mailer } from './mailer';
import { resultsEmailHtml } from './results-email';
import { resultsEmail, type ResultsEmailInput } from './results-email-model';
import { resultsEmailText } from './results-email-text';

let sink: SmtpSink;
let mailer: Mailer;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createMailer(
    { url: sink.url, from: 'Sam Rivera <coach@coach.example>', requireTls: false },
    { attemptLimitMs: 5_000, maxConnections: 2 },
  );
});

afterAll(async () => {
  mailer.close();
  await sink.close();
});

const march3 = Date.parse('2026-03-03T10:00:00Z');
const ratings = (digits: string) => [...digits].map(Number) as Rating[];

function input(overrides: Partial<ResultsEmailInput> = {}): ResultsEmailInput {
  return {
    firstName: 'Ana',
    ratings: ratings('123123123'),
    submittedAt: march3,
    previous: null,
    links: { profile: 'https://quiz.example/profile#PROFILE-TOKEN', confirm: 'https://quiz.example/confirm#CONFIRM-TOKEN' },
    profileLinkDays: 90,
    marketing: 'no_box',
    courseUrl: 'https://coach.example/course',
    coachName: 'Sam Rivera',
    helpLine: null,
    siteHost: 'quiz.example',
    timeZone: 'UTC',
    now: march3,
    ...overrides,
  };
}

let sent = 0;
async function deliver(overrides: Partial<ResultsEmailInput> = {}) {
  const email = resultsEmail(input(overrides));
  sent += 1;
  const messageId = `<test-${sent}@coach.example>`;
  const outcome = await mailer.send({ to: 'ana@example.org', subject: email.subject, html: await resultsEmailHtml(email), text: resultsEmailText(email), messageId });
  expect(outcome.result).toBe('accepted');
  const messages = await sink.waitFor(sent);
  const received = messages.find((message) => message.messageId === messageId);
  if (!received) throw new Error('the message did not arrive');
  return { received, text: received.text ?? '', html: typeof received.html === 'string' ? received.html : '' };
}

test('the e-mail names all nine drivers with their ratings in words, in both parts', async () => {
  const { received, text, html } = await deliver();
  expect(received.subject).toBe('Your Core Driver Profile');
  expect(received.from?.value).toEqual([{ name: 'Sam Rivera', address: 'coach@coach.example' }]);
  expect(received.envelopeTo).toEqual(['ana@example.org']);
  expect(received.headers.get('auto-submitted')).toBe('auto-generated');
  coreDrivers.forEach((driver, index) => {
    const words = resultsCopy.ratingLabels[ratings('123123123')[index] as Rating];
    expect(text).toContain(`${driver.shortName}: ${words}`);
    expect(html).toMatch(new RegExp(`${driver.shortName.replace('&', '&amp;')}</span><br/?>.*?${words}`, 's'));
  });
  expect(text).toContain('Hi Ana,');
  expect(html).toContain('lang="en"');
});

test('“See all your strengths” opens the profile at its strengths', async () => {
  // Working Memory, Emotional Regulation and Cognitive Flexibility are strong: one explained, two named.
  const { text, html } = await deliver({ ratings: ratings('133122232') });
  expect(text).toMatch(/See all your strengths:\nhttps:\/\/quiz\.example\/profile\?open=strengths#PROFILE-TOKEN/);
  expect(html).toMatch(/<a href="https:\/\/quiz\.example\/profile\?open=strengths#PROFILE-TOKEN"[^>]*>See all your strengths<\/a>/);
  // The button under the profile opens it at the top, as before.
  expect(text).toMatch(/Your profile:\nhttps:\/\/quiz\.example\/profile#PROFILE-TOKEN/);
});

test('the e-mail holds the pattern summary, the tips, the strengths and the coach’s name', async () => {
  // Impulse Control and Task Initiation need support; Cognitive Flexibility is strong: the task-jumping note.
  const { text, html } = await deliver({ ratings: ratings('122122232') });
  expect(text).toContain('You have 1 strong driver and 2 drivers that need support.');
  // One tip to start with (Task Initiation's), the other weak driver named, with the way to its tip.
  expect(text).toContain(`START HERE: Task Initiation\n  ${driverTips[4]}`);
  expect(html).toContain(driverTips[4]);
  expect(text).not.toContain(driverTips[1]);
  // The way to the others opens the profile at its tips, all of them unfolded (src/shared/profile-sections.ts).
  expect(text).toContain('Your profile has a tip for the others too: Impulse Control.\nSee all your tips:\nhttps://quiz.example/profile?open=tips#PROFILE-TOKEN');
  expect(html).toMatch(/Impulse Control\.\s*(<!-- -->)?\s*<a href="https:\/\/quiz.example\/profile\?open=tips#PROFILE-TOKEN"[^>]*>See all your tips<\/a>/);
  expect(text).toContain('task-jumping');
  expect(text).toContain('You adapt when plans change.');
  expect(text).toMatch(/Warmly,\nSam Rivera/);
  expect(html).toContain('Sam Rivera');
  expect(text).not.toContain('This quiz is not a diagnosis. Talking with a doctor');
});

test('the care line comes when five or more drivers need support, and only then', async () => {
  const { text, html } = await deliver({ ratings: ratings('111112222') });
  expect(text).toContain('Talking with a doctor, a psychologist or an ADHD coach can really help.');
  expect(html).toContain('Talking with a doctor, a psychologist or an ADHD coach can really help.');
});

test('both parts carry the private link, with how long it works', async () => {
  const { text, html } = await deliver({ profileLinkDays: 30 });
  expect(text).toContain('https://quiz.example/profile#PROFILE-TOKEN');
  expect(html).toContain('href="https://quiz.example/profile#PROFILE-TOKEN"');
  expect(text).toContain('This private link works for 30 days.');
});

test.each<[MarketingState, boolean, boolean]>([
  ['no_box', true, false],
  ['declined', false, false],
  ['pending', false, true],
  ['confirmed', true, false],
  ['unknown', false, false],
])('marketing %s: course pitch %s, confirm button %s', async (marketing, course, confirm) => {
  const { text, html } = await deliver({ marketing });
  expect(text.includes('https://coach.example/course')).toBe(course);
  expect(html.includes('https://coach.example/course')).toBe(course);
  expect(text.includes(resultsCopy.course.pitch)).toBe(course);
  expect(text.includes('https://quiz.example/confirm#CONFIRM-TOKEN')).toBe(confirm);
  expect(html.includes('href="https://quiz.example/confirm#CONFIRM-TOKEN"')).toBe(confirm);
});

test('a retake shows, per driver, the earlier and the new rating with their dates', async () => {
  const { text, html } = await deliver({
    ratings: ratings('222222222'),
    previous: { ratings: ratings('222122222'), at: Date.parse('2026-01-03T10:00:00Z') },
  });
  expect(text).toContain('You took the quiz on 3 January, and again on 3 March.');
  expect(text).toContain('Task Initiation: This is me → Sometimes, since 3 March');
  expect(text).toContain('The other 8 drivers kept their ratings.');
  // In the HTML part the changed driver says what it was, in its own place among the nine.
  const shown = html.replaceAll('<!-- -->', '');
  expect(shown).toContain('You took the quiz on 3 January, and again on 3 March. One driver changed since then. It says what it was.');
  expect(shown).toMatch(/Task Initiation<\/span><br\/?>.*?Neutral<\/span><br\/?><span[^>]*>was Needs Support<\/span>/s);
  expect(html.match(/was (Needs Support|Neutral|Strong)/g)).toHaveLength(1);
});

// The probe's name: stored before names were checked, it opened an e-mail from the coach's sender.
test('a stored name with a web address in it never opens the e-mail, in either part', async () => {
  const { text, html } = await deliver({ firstName: 'friend. URGENT reset at https://evil.example/reset now' });
  expect(text).toContain('Hi,');
  expect(text).not.toContain('evil.example');
  expect(html).not.toContain('evil.example');
});

test.each(['x<victim@example.com>', 'grp:victim@example.com;'])('the address %j is given to the server as it is: nobody inside it is mailed', async (to) => {
  const email = resultsEmail(input());
  const outcome = await mailer.send({ to, subject: email.subject, text: resultsEmailText(email), messageId: `<raw-${to.length}@coach.example>` });
  // Parsed as a string, the address inside would have been mailed; as one address the server refuses it whole.
  expect(outcome).toMatchObject({ result: 'refused', smtpCode: 501 });
});

test('without a coach’s name the e-mail is signed by the quiz', async () => {
  const { text } = await deliver({ coachName: null });
  expect(text).toMatch(/Warmly,\nYour Core Drivers coach/);
});

test('the plain text follows the HTML: the opt-in step right after the profile link, the care line before the tips, every address on its own line', async () => {
  const { text } = await deliver({
    ratings: ratings('111112222'),
    marketing: 'pending',
    helpLine: { text: 'Book a free call with me.', url: 'https://coach.example/call' },
  });
  const at = (part: string) => text.indexOf(part);
  expect(at('One more step'.toUpperCase())).toBeGreaterThan(at('https://quiz.example/profile#PROFILE-TOKEN'));
  expect(at('One more step'.toUpperCase())).toBeLessThan(at('YOUR NINE DRIVERS'));
  expect(at('Talking with a doctor')).toBeLessThan(at('YOUR BIGGEST CHALLENGES'));
  expect(text).toContain('Book a free call with me.\nhttps://coach.example/call');
  expect(text).not.toMatch(/[.!?:]: ?https?:/);
  expect(text).not.toMatch(/\S https?:/);
});

test('one heading per part: the title once, the drivers under their own heading', async () => {
  const { html } = await deliver();
  const headings = [...html.matchAll(/<h[1-3][^>]*>(.*?)<\/h[1-3]>/gs)].map((match) => match[1]);
  expect(headings.filter((heading) => heading === 'Your Core Driver Profile')).toHaveLength(1);
  expect(headings).toContain('Your nine drivers');
  expect(new Set(headings).size).toBe(headings.length);
});

test('the e-mail says what the coach wrote in their own words (plain text, escaped), ours elsewhere', async () => {
  const { received, text, html } = await deliver({
    words: { 'email.subject': 'Your quiz, from Sam', 'email.intro': 'Here is <b>your</b> profile.', 'drivers.1.tip': 'Count to three first.' },
    // Impulse Control alone needs support: its tip is the one the e-mail gives in full.
    ratings: ratings('122222222'),
  });
  expect(received.subject).toBe('Your quiz, from Sam');
  expect(text).toContain('Here is <b>your</b> profile.');
  expect(html).toContain('Here is &lt;b&gt;your&lt;/b&gt; profile.');
  expect(text).toContain('Count to three first.');
  expect(text).not.toContain(driverTips[1]);
  const ours = await deliver({ ratings: ratings('122222222') });
  expect(ours.text).toContain(driverTips[1]);
});

test('the e-mail pitches the offer that fits the ratings, and the course (with the coach’s pitch) to everyone else', async () => {
  const offer = {
    id: 'start1',
    title: 'Start Small',
    url: 'https://coach.example/start',
    pitch: 'Three short lessons on getting started.',
    length: null,
    price: null,
    outcome: null,
    button: 'Start now',
    rule: { patterns: [], weak: [4 as const], strong: [] },
  };
  // Task Initiation (the fourth driver) rated 1.
  const fits = await deliver({ offers: [offer], coursePitch: 'My own course pitch.' });
  expect(fits.text).toContain('Three short lessons on getting started.');
  expect(fits.text).toContain('Start now:\nhttps://coach.example/start');
  expect(fits.html).toContain('href="https://coach.example/start"');
  expect(fits.text).not.toContain('https://coach.example/course');
  const other = await deliver({ offers: [offer], coursePitch: 'My own course pitch.', ratings: ratings('222222222') });
  expect(other.text).toContain('My own course pitch.');
  expect(other.text).toContain('https://coach.example/course');
  expect(other.text).not.toContain('https://coach.example/start');
});

/**
 * Copy of the results e-mail (server/mail/): what the visitor receives after the gate when the coach
 * has turned mail on. The insights themselves (tips, strengths, summary, notes, care line) are the
 * results page's texts (./results.ts), so the e-mail says exactly what the page said. Reading grade 8
 * or below, like every text a visitor reads (src/content/readability.test.ts).
 */

export const emailCopy = {
  subject: 'Your Core Driver Profile',
  /** The line mail apps show after the subject, before the e-mail is opened. */
  preview: 'Your nine drivers, what they mean for you, and a private link back to your profile.',
  /** Without the name when it may not open an e-mail (one stored before names were checked as they are now). */
  greeting: (firstName: string | null) => (firstName === null ? 'Hi,' : `Hi ${firstName},`),
  intro: 'Thank you for taking the Core Drivers quiz. Here is your profile to keep, with the insights from your results page.',
  /** The e-mail's title. */
  profileTitle: 'Your Core Driver Profile',
  /** The nine drivers, each with its rating in words: a heading of its own, not the title again. */
  driversTitle: 'Your nine drivers',
  /** Above the drivers on a retake, after when the two quizzes were: how many changed. */
  changed: (count: number) => (count === 1 ? 'One driver changed since then. It says what it was.' : `${count} drivers changed since then. Each says what it was.`),
  /** Under a driver whose rating changed since the last quiz: its earlier rating. */
  was: (ratingWords: string) => `was ${ratingWords}`,
  /** After the one tip to start with: the other weak drivers, whose tips wait on the profile page. */
  moreTips: {
    text: (names: string) => `Your profile has a tip for the others too: ${names}.`,
    link: 'See all your tips',
  },
  /** After the first strength: the other strong drivers, explained on the profile page. */
  moreStrengths: {
    text: (names: string) => `Your profile shows how your other strengths help too: ${names}.`,
    link: 'See all your strengths',
  },
  link: {
    button: 'Open your profile',
    /** Under the button; the plain-text part shows the address itself. */
    note: (days: number) =>
      `This private link works for ${days} days. Anyone who has it can see your profile, so keep it to yourself.`,
    plainLabel: 'Your profile:',
  },
  confirm: {
    title: 'One more step',
    text: 'You ticked the box for tips and news about the course. Please confirm that this is your email, so we know it was you.',
    button: 'Yes, send me tips and news',
    note: 'If you do nothing, you will not get them. You can confirm once, within seven days.',
    plainLabel: 'Confirm here:',
  },
  signOff: 'Warmly,',
  /** Who signs when the coach has not given a name. */
  unnamedCoach: 'Your Core Drivers coach',
  footer: {
    why: (site: string) => `You got this email because you asked for your quiz results on ${site}.`,
    erase: 'To have your details deleted, reply to this email and ask. It will be done.',
  },
} as const;

/** The coach's "Send a test e-mail" button on the dashboard. */
export const testEmailCopy = {
  subject: 'Test email from your Core Drivers quiz',
  text: 'This is a test from your Core Drivers quiz. If you can read it, your quiz can send email to your visitors.',
} as const;

/** The password-reset e-mail to the coach's recovery address (server/coach/access/reset-routes.ts). */
export const resetEmailCopy = {
  subject: 'Reset your Core Drivers dashboard password',
  text: (link: string) =>
    [
      'Someone (we hope you) asked to reset the password of your Core Drivers dashboard.',
      '',
      `Choose a new password here: ${link}`,
      '',
      'The link works once, for 30 minutes. If you did not ask, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
} as const;

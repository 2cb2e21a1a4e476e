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
  /** The nine drivers, each with its rating in words. */
  profileTitle: 'Your Core Driver Profile',
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

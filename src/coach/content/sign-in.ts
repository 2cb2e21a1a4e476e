/** The texts of the first-run set-up screen and of signing in with the password (the rest of the door: ./access.ts). */

export const setupCopy = {
  title: 'Set up your dashboard',
  intro: 'No password is set yet. Choose one, and your dashboard is ready: your funnel, your leads, and how your quiz looks to visitors.',
  addressTitle: 'Open the set-up address',
  address:
    'When the server starts without a password, it writes a one-time address to its log, on a line that starts with “First run”. It looks like this:',
  addressExample: 'https://your-quiz.example/coach/setup#…',
  addressRules: 'Open it in this browser. It works once, for one hour. Lost it, or more than an hour ago? Ask for a new one here; it appears in the log the same way.',
  cliTitle: 'Or use the command line',
  cli: 'On the server, in the app’s folder, run this and type the new password twice. Then sign in here.',
  command: 'npm run coach -- set-password',
  commandLabel: 'The command to run',
  signIn: 'I have set it: sign in',
  formTitle: 'Choose your password',
  formIntro: 'At least 12 characters. A short sentence you will remember is a good choice.',
  password: 'New password',
  confirm: 'Type it again',
  submit: 'Set password and sign in',
  submitting: 'Setting your password…',
  tooShort: 'Please use at least 12 characters.',
  mismatch: 'The two passwords are not the same. Please type them again.',
  alreadySet: 'A password is already set. Sign in with it.',
  failed: 'The password could not be set. Check your connection and try again.',
} as const;

export const signInCopy = {
  title: 'Sign in',
  intro: 'Your dashboard: how your quiz converts, what your audience struggles with, and your leads.',
  passwordLabel: 'Password',
  submit: 'Sign in',
  submitting: 'Signing in…',
  empty: 'Please enter your password.',
  wrongPassword: 'That password is not right. Please try again.',
  throttled: (wait: string, at: string) => `Too many attempts. For your safety, sign-in is paused. Try again in ${wait} (at ${at}).`,
  passwordNotSet:
    'No password is set yet. On the server, run: npm run coach -- set-password (it reads the new password from the keyboard or stdin).',
  httpsRequired: 'Sign-in needs a secure connection: open this page with https:// (or on this computer, at 127.0.0.1).',
  failed: 'Signing in did not work. Check your connection and try again.',
} as const;

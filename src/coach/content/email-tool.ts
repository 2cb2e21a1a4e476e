/** The texts of "Your e-mail tool" on the settings view (email-tool-panel.tsx). */
import type { ToolProblem, ToolTestResult } from '../../shared/email-tool-api';
import type { LabelGroupId } from '../../shared/email-tool-labels';

export const emailToolCopy = {
  title: 'Your e-mail tool',
  intro:
    'Every lead lands in your e-mail tool within seconds (once they confirm by e-mail, when the consent box is on), tagged by what they need, so your welcome sequence and course launch reach the right people. No Zapier needed.',
  /** The one status line on top of the section (email-tool-draft.ts, toolStatus, picks one). */
  statusLine: {
    on: (tool: string, list: string | null, when: 'confirmed' | 'submitted') =>
      `On: ${when === 'confirmed' ? 'each lead goes to' : 'every lead goes to'} ${tool}${list ? `, into ${list},` : ''} ${when === 'confirmed' ? 'once they confirm by e-mail' : 'as it arrives'}.`,
    off: 'Off: choose your tool and paste its API key to start.',
    offNobodyCanConfirm:
      'With the consent box on, a lead will reach it only once they confirm by e-mail, and e-mail is off: set up “Sending e-mail” above, or switch the consent box off.',
    waiting: (tool: string) =>
      `Waiting: nobody can confirm right now, so no lead reaches ${tool}. The consent box is on, so a lead goes there only once they confirm by e-mail, and e-mail is off. Set up “Sending e-mail” above, or switch the consent box off.`,
    paused: 'Paused: your tool refused the key, so leads wait (none is lost). Paste a working key and save, and they go out.',
    refused: 'Refused: your tool refuses the saved key, so leads will wait (none is lost). Paste a working key and save, and they go out.',
    alsoNobodyCanConfirm: 'Nobody can confirm either: the consent box is on and e-mail is off. Set up “Sending e-mail” above, or switch the consent box off.',
  },
  toolLabel: 'Tool',
  none: 'None (off)',
  toolHint: 'The tool where you write to your people. Each lead is added, or updated when they come back.',
  keyHints: {
    kit: 'In Kit: Settings → Developer → API v4 key.',
    mailerlite: 'In MailerLite: Integrations → API → Generate new token.',
    mailchimp: 'In Mailchimp: Profile → Extras → API keys. The key ends with your data centre, like -us21.',
    activecampaign: 'In ActiveCampaign: Settings → Developer. Copy the key and the URL below it.',
    brevo: 'In Brevo: SMTP & API → API keys → Generate a new API key.',
  } as Record<string, string>,
  apiUrlHint: (assumed: string | null) =>
    assumed ? `Leave empty to use ${assumed}. Only needed for a regional or test address.` : 'Your tool’s API address, for ActiveCampaign the URL shown beside the key (https://youraccount.api-us1.com).',
  check: 'Check the key',
  checking: 'Asking your tool…',
  checkHint: 'Asks your tool who the key belongs to and which lists you have, before you save.',
  account: 'Account',
  listLabel: (word: string) => `Add every lead to this ${word}`,
  listNone: (word: string) => `No ${word}: tags only`,
  listNoneOption: 'None',
  listKept: (id: string) => `Saved: ${id}. Check the key to see its name.`,
  /** The saved list when the check did not work: its name comes only from the tool. */
  listUnread: (id: string) => `Saved: the one your tool numbers ${id}. Its name could not be read, as the check above did not work.`,
  listHint: 'From your tool’s own answer. Lists, audiences, groups and forms are made in your tool.',
  noLists: (word: string) => `Your tool has no ${word} yet. Make one there, then check the key again.`,
  problems: {
    'bad-key': 'Your tool refused the key. Paste it again, whole, from your tool.',
    refused: 'Your tool refused the request.',
    'slow-down': 'Your tool asks us to slow down. Try again in a minute.',
    retry: 'Your tool could not be reached. Check the address, or try again in a minute.',
    'not-ready': '',
    blocked: 'This server does not connect to that address.',
  } satisfies Record<ToolProblem['kind'], string>,
  toolAnswered: 'Your tool answered:',
  /** A check of the saved key that the status line already says is refused (with the tool's answer). */
  stillRefused: 'Checked just now: your tool still refuses the saved key, as the status above says.',
  labelsTitle: 'Tags each lead gets',
  labelsIntro: 'Rename a group, or switch it off. On a retake, tags that no longer apply are removed; tags you set by hand stay.',
  groups: {
    everyone: { title: 'Everyone', example: (name: string) => name },
    needsSupport: { title: 'Each driver that needs support', example: (name: string) => `${name}: Task Initiation` },
    strength: { title: 'Each strong driver', example: (name: string) => `${name}: Working Memory` },
    pattern: { title: 'Their pattern', example: (name: string) => `${name}: Mostly strong` },
  } satisfies Record<LabelGroupId, { title: string; example: (name: string) => string }>,
  groupOn: (title: string) => `${title}: on`,
  groupName: (title: string) => `${title}: tag name`,
  example: 'For example:',
  switchedOff: 'Switched off',
  ratingField: 'Ratings field',
  ratingFieldHint: 'The key of a text field in your tool (e.g. core_drivers) that gets the nine ratings in words.',
  testTitle: 'Send a test contact',
  testHint: 'Adds one contact with a sample profile’s tags, using the saved settings, and shows your tool’s answer.',
  testAddress: 'Test address',
  test: 'Send a test contact',
  testing: 'Sending…',
  saveFirst: 'Save your changes first: the test uses the saved settings.',
  testOutcomes: {
    done: 'Your tool has the test contact.',
    'bad-key': 'Your tool refused the key.',
    refused: 'Your tool refused the test contact.',
    'slow-down': 'Your tool asks us to slow down. Try again in a minute.',
    retry: 'The test contact did not arrive.',
    'not-ready': 'Not sent yet.',
    blocked: 'Not sent: this server does not connect to that address.',
  } satisfies Record<ToolTestResult['outcome'], string>,
  status: 'Status',
  took: 'Took',
  milliseconds: (ms: number) => `${ms.toLocaleString('en-US')} ms`,
  tags: 'Tags sent',
  failed: 'That did not work. Check your connection and try again.',
} as const;

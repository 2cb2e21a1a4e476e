/** The texts of the "Your words" and "Offers" screens (the rest of the dashboard's copy: ./content.ts). */
import type { WordScreen } from '../shared/words';

export const wordsCopy = {
  intro:
    'Every text your visitors read, in your own words. Ours stays beside each field. Plain text only: it shows exactly as you type it. Nothing changes for visitors until you save.',
  screens: {
    landing: 'Landing',
    quiz: 'Quiz',
    results: 'Results',
    gate: 'Gate',
    insights: 'Insights',
    email: 'E-mail',
    profile: 'Profile page',
  } satisfies Record<WordScreen, string>,
  screensLabel: 'Screens',
  changedOnScreen: (count: number) => (count === 1 ? '1 changed' : `${count} changed`),
  ours: 'Ours',
  changed: 'Yours',
  reset: 'Reset to ours',
  resetWhat: (label: string) => `Reset to ours: ${label}`,
  length: (count: number, max: number) => `${count} of ${max} characters`,
  grade: (grade: number) => `Reads at grade ${grade}. Ours aim for 8 or below: shorter sentences and words help. You can still save it.`,
  counts: 'Write {strong} and {weak} where the counts go: they become "1 driver", "3 drivers".',
  boldStart: 'The first 7 words show in bold.',
  saveBar: {
    label: 'Unsaved changes',
    count: (count: number) => (count === 1 ? '1 text changed' : `${count} texts changed`),
    save: 'Save',
    saving: 'Saving…',
    discard: 'Discard',
    saved: 'Saved. Visitors see it on their next page load.',
    failed: 'This could not be saved. Check your connection and try again.',
    fix: (count: number) => (count === 1 ? 'Please fix the text marked in red.' : `Please fix the ${count} texts marked in red.`),
  },
} as const;

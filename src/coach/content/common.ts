/**
 * Texts more than one view uses: the save bar and the question on leaving with unsaved edits, the
 * period picker, lists shown a page at a time, and the copy buttons.
 */
import type { RangeProblem } from '../period';

/** The one save bar of a screen that edits settings (../save-bar.tsx). */
export const saveBarCopy = {
  label: 'Unsaved changes',
  unsaved: (count: number) => (count === 1 ? '1 change not saved' : `${count} changes not saved`),
  discard: 'Discard',
  save: 'Save changes',
  saving: 'Saving…',
  saved: 'All changes saved. Visitors see them on their next page load.',
  discarded: 'Changes discarded.',
  failed: 'This could not be saved. Check your connection and try again; your changes are still here.',
  /** Read once the coach has signed in again (the bar waits behind the sign-in form meanwhile). */
  signedOut: 'Your session had ended, so this was not saved. Your changes are still here: you can save them now.',
  fixFields: (count: number) => (count === 1 ? 'Please fix the field marked above.' : `Please fix the ${count} fields marked above.`),
} as const;

/** Asked before leaving a screen with unsaved edits (../leave-guard.tsx). */
export const leaveCopy = {
  title: 'Leave without saving?',
  body: (count: number) =>
    count === 1 ? 'One change on this screen is not saved yet. If you leave now, it is lost.' : `${count} changes on this screen are not saved yet. If you leave now, they are lost.`,
  stay: 'Stay and keep editing',
  leave: 'Leave and lose them',
} as const;

/** The period picker of the funnel, profiles, leads and offers. */
export const periodCopy = {
  legend: 'Period',
  presets: { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days' } as Record<number, string>,
  custom: 'Custom',
  from: 'From',
  to: 'To',
  apply: 'Show',
  showing: (from: string, to: string, timeZone: string) => `${from} to ${to} (days in ${timeZone})`,
  problems: {
    badFrom: 'Please enter a start date.',
    badTo: 'Please enter an end date.',
    reversed: 'The start date must come before the end date.',
    future: 'The period must start today or earlier.',
    tooLong: 'Please choose at most 800 days.',
  } satisfies Record<RangeProblem, string>,
} as const;

/** Lists shown a page at a time, newest first. */
export const pagesCopy = {
  newer: 'Newer',
  older: 'Older',
  page: (n: number) => `Page ${n}`,
} as const;

/** Copy buttons beside a snippet, a command or a secret. */
export const copyingCopy = {
  copy: 'Copy',
  /** The button's accessible name: its visible word first (WCAG 2.5.3), then what it copies. */
  copyWhat: (label: string) => `Copy ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
  copied: 'Copied to the clipboard.',
  failed: 'Could not copy. Select the text and copy it by hand.',
} as const;

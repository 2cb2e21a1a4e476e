import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { resultsCopy } from '../../content/results';
import { submitLead } from '../../lib/lead-client';
import { defaultSiteConfig, siteConfigElement, type SiteConfig } from '../../shared/site-config';
import { LeadGate } from './lead-gate';

vi.mock('../../lib/confetti', () => ({ fireConfetti: vi.fn(() => Promise.resolve()) }));
vi.mock('../../lib/lead-client', () => ({ submitLead: vi.fn(() => Promise.resolve({ mail: 'off' })), leadCaptureMode: 'api' }));

const submitted = vi.mocked(submitLead);
const ratings = [1, 2, 3, 1, 2, 3, 1, 2, 3] as const;
const version = '0123456789abcdef';

/** The page as the server sends it: its settings in a data block in the head. */
function withSettings(settings: Partial<SiteConfig>) {
  document.head.insertAdjacentHTML('beforeend', siteConfigElement({ ...defaultSiteConfig, ...settings }));
}

beforeEach(() => submitted.mockClear());
afterEach(() => {
  document.head.innerHTML = '';
});

async function submitAs(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email', { exact: true }), 'sam@example.com');
  await user.type(screen.getByLabelText('First name'), 'Sam');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
}

test('by default: the line about the address, no box, no link; the wording version goes with the lead', async () => {
  withSettings({ consentVersion: version });
  const user = userEvent.setup();
  render(<LeadGate ratings={[...ratings]} onUnlocked={() => {}} />);
  expect(screen.getByText(resultsCopy.gate.notice)).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  await submitAs(user);
  expect(submitted).toHaveBeenCalledWith(expect.objectContaining({ consent: { version } }));
});

test('with the box on: unticked at first, not required, and its answer goes with the lead', async () => {
  withSettings({ consentVersion: version, consentCheckboxText: 'Email me news.', privacyUrl: 'https://coach.example/privacy' });
  const user = userEvent.setup();
  const unlocked = vi.fn();
  render(<LeadGate ratings={[...ratings]} onUnlocked={unlocked} />);
  const box = screen.getByRole('checkbox', { name: 'Email me news.' });
  expect(box).not.toBeChecked();
  expect(screen.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', 'https://coach.example/privacy');

  await submitAs(user);
  expect(submitted).toHaveBeenLastCalledWith(expect.objectContaining({ consent: { version, marketing: false } }));
  // Mail off (the mock's answer): nothing to say about an e-mail.
  expect(unlocked).toHaveBeenCalledWith('Sam', null);
});

test.each([
  ['ticked', true],
  ['left unticked', false],
])('a box %s is sent so; with the results e-mail queued, the page is told whether that e-mail asks to confirm it', async (_what, ticked) => {
  withSettings({ consentVersion: version, consentCheckboxText: 'Email me news.' });
  submitted.mockResolvedValueOnce({ mail: 'queued' });
  const user = userEvent.setup();
  const unlocked = vi.fn();
  render(<LeadGate ratings={[...ratings]} onUnlocked={unlocked} />);
  if (ticked) await user.click(screen.getByRole('checkbox', { name: 'Email me news.' }));
  await submitAs(user);
  expect(submitted).toHaveBeenLastCalledWith(expect.objectContaining({ consent: { version, marketing: ticked } }));
  expect(unlocked).toHaveBeenCalledWith('Sam', { confirm: ticked });
});

test('a page served without the server sends no consent record', async () => {
  const user = userEvent.setup();
  render(<LeadGate ratings={[...ratings]} onUnlocked={() => {}} />);
  await submitAs(user);
  expect(submitted.mock.calls[0]?.[0]).not.toHaveProperty('consent');
});

test('with mail on, the line under the button says the profile will also arrive by email', () => {
  withSettings({ consentVersion: version, mailOn: true });
  render(<LeadGate ratings={[...ratings]} onUnlocked={() => {}} />);
  expect(screen.getByText(`${resultsCopy.gate.notice} ${resultsCopy.gate.mailNotice}`)).toBeInTheDocument();
  // The spec's own line under it stays exactly as it was.
  expect(screen.getByText(resultsCopy.gate.noSpam)).toBeInTheDocument();
});

test('with mail off, the line says nothing about an email', () => {
  withSettings({ consentVersion: version, mailOn: false });
  render(<LeadGate ratings={[...ratings]} onUnlocked={() => {}} />);
  expect(screen.queryByText(new RegExp(resultsCopy.gate.mailNotice))).not.toBeInTheDocument();
});

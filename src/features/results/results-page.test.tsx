import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { coreDrivers } from '../../content/drivers';
import { fireConfetti } from '../../lib/confetti';
import { submitLead } from '../../lib/lead-client';
import { allowConsoleErrors } from '../../test/console';
import ResultsPage, { loadResultsView } from './results-page';
import { loadUnlockedProfile } from './results-view';

// The app fetches the results and what the gate unlocks ahead of time (src/app/app-routes.tsx, ./results-view.tsx).
beforeAll(() => Promise.all([loadResultsView(), loadUnlockedProfile()]));

vi.mock('../../lib/confetti', () => ({ fireConfetti: vi.fn(() => Promise.resolve()), clearConfetti: vi.fn() }));
vi.mock('../../lib/lead-client', () => ({ submitLead: vi.fn(), leadCaptureMode: 'api' }));

const confettiBursts = vi.mocked(fireConfetti);
const submitted = vi.mocked(submitLead);

beforeEach(() => {
  // Each test is a new tab: nothing unlocked in an earlier one.
  window.sessionStorage.clear();
  vi.useFakeTimers();
  confettiBursts.mockClear();
  submitted.mockReset();
});

function renderResults(ratings = '131223312') {
  const state = {
    coreDrivers: coreDrivers.map(({ id, name, scenario }, index) => ({ id, name, rating: Number(ratings[index]), scenario })),
  };
  render(
    <MemoryRouter initialEntries={[{ pathname: '/results', state }]}>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/results" element={<ResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** Runs the timeline on the fake clock until the gate shows, then lets real time drive the form. */
async function untilGate() {
  await advance(2800);
  vi.useRealTimers();
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function fillGate(user: ReturnType<typeof userEvent.setup>, email: string, firstName: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (firstName) await user.type(screen.getByLabelText('First name'), firstName);
}

test('100 confetti particles fire when the legend appears at 2.3 s, not before', async () => {
  renderResults();
  await advance(2299);
  expect(confettiBursts).not.toHaveBeenCalled();
  await advance(1);
  expect(confettiBursts).toHaveBeenCalledTimes(1);
  expect(confettiBursts).toHaveBeenCalledWith({ particleCount: 100 });
});

test('an invalid e-mail or an empty first name submits nothing and says what to fix', async () => {
  const user = renderResults();
  await untilGate();
  await fillGate(user, 'not-an-email', 'Sam');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  expect(await screen.findByText('Invalid email')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
  // The toast's ✕ says what it closes in plain words, not "Close toast".
  expect(screen.getByRole('button', { name: 'Close this message' })).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Email'));
  await user.clear(screen.getByLabelText('First name'));
  await fillGate(user, 'sam@example.com', '   ');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Please enter your first name.');
  expect(screen.getByLabelText('First name')).toHaveFocus();
  expect(submitted).not.toHaveBeenCalled();
});

test('fixing the address takes its error and the Invalid email toast away at once; typing never adds an error', async () => {
  const user = renderResults();
  await untilGate();
  await fillGate(user, 'sam', '');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  expect(await screen.findByText('Invalid email')).toBeInTheDocument();
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('aria-invalid', 'true');

  // Half typed, still invalid: the message stays.
  await user.type(email, '@');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Invalid email')).toBeInTheDocument();
  // Valid: the field's message and the toast go, before any new submit.
  await user.type(email, 'example.com');
  expect(email).not.toHaveAttribute('aria-invalid');
  expect(email).not.toHaveAccessibleDescription();
  await waitFor(() => expect(screen.queryByText('Invalid email')).not.toBeInTheDocument());
  expect(submitted).not.toHaveBeenCalled();

  // Broken again while typing: no message until the next submit.
  await user.type(email, '{Backspace>20/}');
  expect(email).not.toHaveAttribute('aria-invalid');
});

test('a double submit sends the lead once; the unlock fires 150 confetti and shows the insights', async () => {
  let finish = () => {};
  submitted.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({ mail: 'off' }))));
  const user = renderResults('131223312');
  await untilGate();
  await fillGate(user, ' sam@example.com ', 'Sam');
  const button = screen.getByRole('button', { name: 'Show Me My Insights' });
  await user.click(button);
  await user.type(screen.getByLabelText('First name'), '{Enter}');
  // Even a submit event that gets past the disabled button (a script, a fast double tap) is ignored.
  fireEvent.submit(screen.getByRole('form', { name: 'Want to Know What This Means?' }));

  expect(submitted).toHaveBeenCalledTimes(1);
  expect(submitted).toHaveBeenCalledWith({
    email: 'sam@example.com',
    firstName: 'Sam',
    ratings: [1, 3, 1, 2, 2, 3, 3, 1, 2],
    // The hidden honeypot field, empty as people leave it.
    website: '',
  });
  expect(screen.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
  // A screen reader hears it too, wherever focus is (the disabled button's own text is not read out).
  expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain('Analyzing...');

  await act(async () => finish());
  expect(confettiBursts).toHaveBeenLastCalledWith({ particleCount: 150 });
  expect(screen.queryByRole('button', { name: /Show Me My Insights|Analyzing/ })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: "Got it! Here's what your Core Driver profile reveals..." })).toHaveFocus();
  expect(await screen.findByText('Success!')).toBeInTheDocument();
  expect(screen.getByText('Scroll down to see your personalized insights.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Show Me the Course/ })).toHaveAttribute('rel', 'noopener noreferrer');
});

test('after the unlock, the page opened again in this tab (a reload) shows the insights at once, with no gate or confetti', async () => {
  submitted.mockResolvedValue({ mail: 'off' });
  const user = renderResults('131223312');
  await untilGate();
  await fillGate(user, 'sam@example.com', 'Sam');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  await screen.findByRole('heading', { name: "Got it! Here's what your Core Driver profile reveals..." });
  cleanup();
  confettiBursts.mockClear();

  vi.useFakeTimers();
  renderResults('131223312');
  expect(screen.getByRole('heading', { name: "Got it! Here's what your Core Driver profile reveals..." })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /, (Needs Support|Neutral|Strong)$/ })).toHaveLength(9);
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  expect(screen.queryByText('Analyzing your pattern...')).not.toBeInTheDocument();
  await advance(5000);
  expect(confettiBursts).not.toHaveBeenCalled();
  // Other ratings (a new quiz's hand-over) meet the gate, as the spec says.
  cleanup();
  renderResults('222222222');
  await advance(2800);
  expect(screen.getByLabelText('Email')).toBeInTheDocument();
});

test('a failed submission says so and keeps what was typed, ready to try again', async () => {
  submitted.mockRejectedValueOnce(new Error('offline'));
  const user = renderResults();
  await untilGate();
  await fillGate(user, 'sam@example.com', 'Sam');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));

  expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  expect(screen.getByText('Please try again later.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  expect(screen.getByLabelText('First name')).toHaveValue('Sam');
  expect(screen.getByRole('button', { name: 'Show Me My Insights' })).toBeEnabled();
  expect(screen.queryByRole('heading', { name: /Got it!/ })).not.toBeInTheDocument();

  submitted.mockResolvedValueOnce({ mail: 'off' });
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  expect(await screen.findByRole('heading', { name: /Got it!/ })).toBeInTheDocument();
  expect(submitted).toHaveBeenCalledTimes(2);
});

test('without quiz data the page logs an error, says so, and goes home after 2 s', async () => {
  const errors = allowConsoleErrors();
  render(
    <MemoryRouter initialEntries={['/results']}>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/results" element={<ResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByText('Please take the quiz first. Redirecting...')).toBeInTheDocument();
  expect(errors).toHaveBeenCalled();
  await advance(1999);
  expect(screen.queryByText('Home')).not.toBeInTheDocument();
  await advance(1);
  expect(screen.getByText('Home')).toBeInTheDocument();
});

test('when the address got its results e-mail within the hour, the success says it is already on its way', async () => {
  submitted.mockResolvedValueOnce({ mail: 'held' });
  const user = renderResults('131223312');
  await untilGate();
  await fillGate(user, 'sam@example.com', 'Sam');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  expect(await screen.findByText(/got its results email in the last hour, so it is already on its way/)).toBeInTheDocument();
});

test.each([
  ['queued for this submission', 'queued', true],
  ['held (one was sent within the hour: the toast says so)', 'held', false],
  ['off', 'off', false],
] as const)('with the results e-mail %s, the insights say it is on its way: %s', async (_what, mail, says) => {
  submitted.mockResolvedValueOnce({ mail });
  const user = renderResults('131223312');
  await untilGate();
  await fillGate(user, 'sam@example.com', 'Sam');
  await user.click(screen.getByRole('button', { name: 'Show Me My Insights' }));
  await screen.findByRole('heading', { name: /Got it!/ });
  expect(screen.queryByText(/on its way to your inbox/) !== null).toBe(says);
  // No consent box was shown, so nothing asks to confirm marketing.
  expect(screen.queryByText(/Please confirm it/)).not.toBeInTheDocument();
});

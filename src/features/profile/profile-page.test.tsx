import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { coreDrivers } from '../../content/drivers';
import { resultsCopy } from '../../content/results';
import { pageTitle } from '../../content/site';
import type { ProfileResponse } from '../../shared/profile-api';
import ConfirmPage from './confirm-page';
import ProfilePage from './profile-page';

const token = 'T0ken-of_43-characters-AAAAAAAAAAAAAAAAAAAA'.slice(0, 43);

const profile: ProfileResponse = {
  firstName: 'Ana',
  ratings: [1, 1, 3, 2, 2, 1, 1, 3, 1],
  submittedAt: '2026-03-03T10:00:00.000Z',
  previous: { ratings: [1, 1, 3, 1, 2, 1, 1, 3, 1], submittedAt: '2026-01-03T10:00:00.000Z' },
  showCourse: false,
  coachName: 'Sam Rivera',
  linkExpiresAt: '2026-06-01T10:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.location.hash = `#${token}`;
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderAt(path: '/profile' | '/confirm') {
  render(<MemoryRouter initialEntries={[path]}>{path === '/profile' ? <ProfilePage /> : <ConfirmPage />}</MemoryRouter>);
  return userEvent.setup();
}

test('the token is read from the fragment and sent in a POST body, never in a URL', async () => {
  fetchMock.mockReturnValue(answer(200, profile));
  renderAt('/profile');
  await screen.findByRole('heading', { level: 1, name: resultsCopy.profile.title });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/profile');
  expect(init?.method).toBe('POST');
  expect(JSON.parse(String(init?.body))).toEqual({ token });
});

test('the profile shows every driver with its rating in words, the insights, and what changed', async () => {
  // Only the date is fake: "3 March", without the year, since it is the same year.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-10T12:00:00Z') });
  fetchMock.mockReturnValue(answer(200, profile));
  renderAt('/profile');
  const cards = await screen.findByRole('list', { name: resultsCopy.profile.title });
  for (const [index, driver] of coreDrivers.entries()) {
    const rating = profile.ratings[index] ?? 2;
    expect(within(cards).getByRole('button', { name: `${driver.shortName}, ${resultsCopy.ratingLabels[rating]}` })).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'What changed since last time' })).toBeInTheDocument();
  expect(screen.getByText('You took the quiz on 3 January, and again on 3 March.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: resultsCopy.insights.challenges.title })).toBeInTheDocument();
  expect(screen.getByText(/Welcome back, Ana\./)).toBeInTheDocument();
  // No gate, and no course pitch where the visitor may not receive it.
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('link', { name: /Show Me the Course/ })).toBeNull();
});

test('on a retake what changed comes first, each change as the cards’ rating badges; a return visit never says Got it!', async () => {
  fetchMock.mockReturnValue(answer(200, profile));
  renderAt('/profile');
  const changes = await screen.findByRole('region', { name: 'What changed since last time' });
  const cards = screen.getByRole('list', { name: resultsCopy.profile.title });
  // Before the cards and the insights, in reading order.
  expect(changes.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const line = within(changes).getByRole('listitem');
  expect(line).toHaveTextContent(/^Task Initiation\s*Needs Support\s*→?\s*now\s*Neutral$/);
  expect(line.querySelectorAll('svg')).toHaveLength(2);
  expect(screen.queryByText(/Got it!/)).toBeNull();
  expect(screen.getByRole('heading', { level: 2, name: "Here's what your Core Driver profile reveals" })).toBeInTheDocument();
});

test('the confirm page, once confirmed, leads to the profile of the same e-mail and to the course', async () => {
  fetchMock.mockReturnValue(answer(200, { confirmed: true, confirmedAt: '2026-03-04T10:00:00.000Z' }));
  const profileToken = 'P'.repeat(43);
  window.location.hash = `#${token}.${profileToken}`;
  const user = renderAt('/confirm');
  await user.click(screen.getByRole('button', { name: 'Yes, send me tips and news' }));
  expect(await screen.findByRole('heading', { name: 'Thank you, you are confirmed' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open your profile' })).toHaveAttribute('href', `/profile#${profileToken}`);
  expect(screen.getByRole('link', { name: /Show Me the Course/ })).toHaveAttribute('target', '_blank');
  // Only the confirm token is ever sent.
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token });
});

test('confirmed, the focus lands on a heading that already says so, and the status does not say it again', async () => {
  fetchMock.mockReturnValue(answer(200, { confirmed: true, confirmedAt: '2026-03-04T10:00:00.000Z' }));
  const user = renderAt('/confirm');
  const heading = screen.getByRole('heading', { level: 1, name: 'Confirm your email' });
  // What a screen reader reads when the focus arrives: the heading as it is at that moment.
  const heard: string[] = [];
  heading.addEventListener('focus', () => heard.push(heading.textContent ?? ''));
  await user.click(screen.getByRole('button', { name: 'Yes, send me tips and news' }));
  await screen.findByRole('heading', { level: 1, name: 'Thank you, you are confirmed' });
  expect(heading).toHaveFocus();
  expect(heard).toEqual(['Thank you, you are confirmed']);
  expect(screen.getAllByRole('status').map((status) => status.textContent)).not.toContain('Thank you, you are confirmed');
});

test('the course is shown when the visitor may receive it; a first quiz has no changes part', async () => {
  fetchMock.mockReturnValue(answer(200, { ...profile, previous: null, showCourse: true }));
  renderAt('/profile');
  expect(await screen.findByRole('link', { name: /Show Me the Course/ })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'What changed since last time' })).toBeNull();
});

test('Print or save as PDF opens the browser’s print dialog', async () => {
  fetchMock.mockReturnValue(answer(200, profile));
  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  const user = renderAt('/profile');
  await user.click(await screen.findByRole('button', { name: 'Print or save as PDF' }));
  expect(print).toHaveBeenCalledTimes(1);
});

test.each([
  ['a dead link (404)', () => answer(404, { error: 'link_dead', message: '' })],
  ['no token in the address', null],
])('%s gets a kind page with a way to take the quiz again', async (_name, reply) => {
  if (reply) fetchMock.mockImplementation(reply);
  else window.location.hash = '';
  renderAt('/profile');
  expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Take the quiz again' })).toHaveAttribute('href', '/quiz');
  if (!reply) expect(fetchMock).not.toHaveBeenCalled();
});

test('a server that cannot answer offers to try again, and trying again can succeed', async () => {
  fetchMock.mockReturnValueOnce(answer(503, { error: 'shutting_down' })).mockReturnValueOnce(answer(200, profile));
  const user = renderAt('/profile');
  await user.click(await screen.findByRole('button', { name: 'Try again' }));
  // The button pressed is gone: the profile's heading takes its focus.
  expect(await screen.findByRole('heading', { level: 1, name: resultsCopy.profile.title })).toHaveFocus();
});

test('opening the confirm link changes nothing: only the button confirms', async () => {
  fetchMock.mockReturnValue(answer(200, { confirmed: true, confirmedAt: '2026-03-04T10:00:00.000Z' }));
  const user = renderAt('/confirm');
  const button = screen.getByRole('button', { name: 'Yes, send me tips and news' });
  expect(fetchMock).not.toHaveBeenCalled();
  expect(screen.queryByRole('link')).toBeNull();
  await user.click(button);
  expect(await screen.findByRole('heading', { name: 'Thank you, you are confirmed' })).toBeInTheDocument();
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual(['/api/confirm', 'POST', { token }]);
});

test('a used or expired confirm link says so, and that nothing changed', async () => {
  fetchMock.mockReturnValue(answer(404, { error: 'link_dead', message: '' }));
  const user = renderAt('/confirm');
  await user.click(screen.getByRole('button', { name: 'Yes, send me tips and news' }));
  expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  expect(screen.getByText(/Nothing has changed\./)).toBeInTheDocument();
});

test('a confirm link found dead when its button is pressed takes focus to the message saying so, and the tab says it too', async () => {
  fetchMock.mockReturnValue(answer(404, { error: 'link_dead', message: '' }));
  const user = renderAt('/confirm');
  await user.click(screen.getByRole('button', { name: 'Yes, send me tips and news' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'This link no longer works' });
  // The button pressed is gone: without this, focus falls to the page's top and nothing is read.
  expect(heading).toHaveFocus();
  expect(document.title).toBe(pageTitle('This link no longer works'));
});

test('a confirm link that cannot be one names the tab for what the page says', () => {
  window.location.hash = '#not-a-token';
  renderAt('/confirm');
  expect(screen.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
  expect(document.title).toBe(pageTitle('This link no longer works'));
  // Opened, not pressed: the browser keeps its own focus, as on any first screen.
  expect(document.body).toHaveFocus();
});

test('after Try again, a server still unable to answer says so with focus on its message', async () => {
  fetchMock.mockReturnValue(answer(503, { error: 'shutting_down' }));
  const user = renderAt('/profile');
  await user.click(await screen.findByRole('button', { name: 'Try again' }));
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  expect(await screen.findByRole('heading', { level: 1, name: 'We could not open your profile' })).toHaveFocus();
});

test.each([
  { search: '?open=tips', focused: resultsCopy.insights.challenges.title, tipsOpen: true },
  { search: '?open=strengths', focused: resultsCopy.insights.strengths.title, tipsOpen: false },
  { search: '', focused: null, tipsOpen: false },
  { search: '?open=elsewhere', focused: null, tipsOpen: false },
])('opened from the e-mail with $search: focus on $focused, all tips shown: $tipsOpen', async ({ search, focused, tipsOpen }) => {
  // "See all your tips" in the results e-mail links to /profile?open=tips#<token> (src/shared/profile-sections.ts).
  window.history.replaceState(null, '', `/profile${search}#${token}`);
  fetchMock.mockReturnValue(answer(200, profile));
  try {
    renderAt('/profile');
    await screen.findByRole('heading', { level: 1, name: resultsCopy.profile.title });
    // Five drivers need support: one tip to start with, four behind the fold.
    const fold = screen.getByRole('button', { name: tipsOpen ? resultsCopy.insights.challenges.fewerTips : resultsCopy.insights.challenges.moreTips(4) });
    expect(fold).toHaveAttribute('aria-expanded', String(tipsOpen));
    // The focus moves in an effect after the profile shows: wait for it (a busy machine ran it late).
    if (focused === null) expect(document.activeElement).toBe(document.body);
    else await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: focused })).toHaveFocus());
  } finally {
    window.history.replaceState(null, '', '/');
  }
});

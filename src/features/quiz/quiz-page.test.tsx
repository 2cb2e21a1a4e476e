import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, expect, type MockInstance, test, vi } from 'vitest';
import { coreDrivers } from '../../content/drivers';
import { clearConfetti, fireConfetti } from '../../lib/confetti';
import QuizPage from './quiz-page';

vi.mock('../../lib/confetti', () => ({ fireConfetti: vi.fn(() => Promise.resolve()), clearConfetti: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library's async wrapper waits for a setTimeout(0) and only advances fake clocks it knows as
  // Jest's; pointing its `jest` global at Vitest's clock lets userEvent run on fake time.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  vi.mocked(fireConfetti).mockClear();
  vi.mocked(clearConfetti).mockClear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  pageFocus?.mockRestore();
});

function ResultsProbe() {
  const location = useLocation();
  return (
    <>
      <p>navigation: {useNavigationType()}</p>
      <pre>{JSON.stringify(location.state)}</pre>
    </>
  );
}

/** The quiz on its page load's first screen; `pageHasFocus`: false for a frame on a coach's page the visitor has not clicked into. */
let pageFocus: MockInstance<() => boolean> | undefined;
function renderQuiz({ pageHasFocus = true } = {}) {
  pageFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(pageHasFocus);
  render(
    <MemoryRouter initialEntries={['/quiz']}>
      <Routes>
        <Route path="/quiz" element={<QuizPage />} />
        <Route path="/results" element={<ResultsProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
// Each answer is named by its label, then its hint ("This is me I struggle with this").
const answer = (label: string) => screen.getByRole('button', { name: (name) => name.startsWith(`${label} `) });
const next = () => screen.getByRole('button', { name: /^(Next|See My Results)$/ });

test('question 1 shows the first driver, its bold opening, the prompt and three answers; Previous hidden, Next disabled', () => {
  renderQuiz();
  expect(screen.getByText('Question 1 of 9')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute('aria-valuenow', '0');
  expect(screen.getByText('0% complete')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Impulse Control (Inhibition)' })).toBeInTheDocument();
  expect(screen.getByText('You say or buy things before thinking.').tagName).toBe('STRONG');
  const answers = within(screen.getByRole('group', { name: 'How well does this describe you?' }));
  expect(answers.getAllByRole('button')).toHaveLength(3);
  // The name holds the label and its hint, label first, so voice control and screen readers agree;
  // the key that chooses each answer (shown on devices with a keyboard) is not part of it.
  const [me, sometimes, good] = answers.getAllByRole('button');
  expect(me).toHaveAccessibleName('This is me I struggle with this');
  expect(sometimes).toHaveAccessibleName('Sometimes Inconsistent/depends on the day');
  expect(good).toHaveAccessibleName("I'm good at this This is a strength");
  for (const [index, button] of [me, sometimes, good].entries()) {
    expect(within(button as HTMLElement).getByText(String(index + 1))).toHaveAttribute('aria-hidden', 'true');
  }
  expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  expect(next()).toBeDisabled();
});

test('an answer is pressed and can be changed; Got it! shows for 0.8 s each time', async () => {
  const user = renderQuiz();
  await user.click(answer('This is me'));
  expect(answer('This is me')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Got it!')).toBeInTheDocument();
  await wait(500);
  await user.click(answer('Sometimes'));
  expect(answer('This is me')).toHaveAttribute('aria-pressed', 'false');
  expect(answer('Sometimes')).toHaveAttribute('aria-pressed', 'true');
  await wait(790);
  expect(screen.getByText('Got it!')).toBeInTheDocument();
  await wait(10);
  expect(screen.queryByText('Got it!')).not.toBeInTheDocument();
  expect(next()).toBeEnabled();
});

test('Next advances after 150 ms, moves focus to the new question, and Previous keeps the answer', async () => {
  const user = renderQuiz();
  await user.click(answer("I'm good at this"));
  await user.click(next());
  await wait(149);
  expect(screen.getByText('Question 1 of 9')).toBeInTheDocument();
  await wait(1);
  expect(screen.getByText('Question 2 of 9')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Working Memory' })).toHaveFocus();
  expect(next()).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await wait(150);
  expect(screen.getByRole('heading', { level: 1, name: 'Impulse Control (Inhibition)' })).toHaveFocus();
  expect(answer("I'm good at this")).toHaveAttribute('aria-pressed', 'true');
});

test('See My Results fires the quiz confetti and pushes /results with all nine ratings 500 ms later', async () => {
  const user = renderQuiz();
  const ratings = [1, 2, 3, 3, 2, 1, 1, 3, 2] as const;
  const labels = { 1: 'This is me', 2: 'Sometimes', 3: "I'm good at this" };
  for (const rating of ratings) {
    await user.click(answer(labels[rating]));
    await user.click(next());
    await wait(150);
  }
  expect(fireConfetti).toHaveBeenCalledTimes(1);
  expect(fireConfetti).toHaveBeenCalledWith({ particleCount: 100, spread: 70, originY: 0.6 });
  expect(screen.getByRole('heading', { name: 'Quiz Complete!' })).toHaveFocus();
  expect(screen.getByText('Navigating to results...')).toBeInTheDocument();
  await wait(349);
  expect(screen.queryByText(/navigation:/)).not.toBeInTheDocument();
  expect(clearConfetti).not.toHaveBeenCalled();
  await wait(1);
  expect(screen.getByText('navigation: PUSH')).toBeInTheDocument();
  // The burst is cleared as the results open, so it never falls over their loading frame.
  expect(clearConfetti).toHaveBeenCalledTimes(1);
  expect(JSON.parse(screen.getByText(/coreDrivers/).textContent ?? '')).toEqual({
    coreDrivers: coreDrivers.map(({ id, name, scenario }, index) => ({ id, name, rating: ratings[index], scenario })),
  });
  expect(fireConfetti).toHaveBeenCalledTimes(1);
});

test('the quiz logs its state to the console without personal data', async () => {
  const user = renderQuiz();
  await user.click(answer('Sometimes'));
  expect(console.info).toHaveBeenLastCalledWith('Quiz state', {
    question: 1,
    ratings: [2, null, null, null, null, null, null, null, null],
    transition: null,
    message: 'gotIt',
  });
});

test('keys 1, 2 and 3 choose an answer and Enter goes on, through the same steps and timings as clicks', async () => {
  const user = renderQuiz();
  await user.keyboard('2');
  expect(answer('Sometimes')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Got it!')).toBeInTheDocument();
  await user.keyboard('3');
  expect(answer("I'm good at this")).toHaveAttribute('aria-pressed', 'true');
  expect(answer('Sometimes')).toHaveAttribute('aria-pressed', 'false');
  await user.keyboard('{Enter}');
  await wait(149);
  expect(screen.getByText('Question 1 of 9')).toBeInTheDocument();
  await wait(1);
  expect(screen.getByText('Question 2 of 9')).toBeInTheDocument();
  // Nothing rated yet on question 2: Enter does nothing, exactly like the disabled Next.
  await user.keyboard('{Enter}');
  await wait(150);
  expect(screen.getByText('Question 2 of 9')).toBeInTheDocument();
});

test('the heading has focus from the first screen on, and with focus outside the question the keys do nothing (WCAG 2.1.4)', async () => {
  const user = renderQuiz();
  const heading = screen.getByRole('heading', { level: 1 });
  expect(heading).toHaveFocus();
  heading.blur();
  await user.keyboard('2');
  expect(answer('Sometimes')).toHaveAttribute('aria-pressed', 'false');
  await user.click(heading);
  await user.keyboard('2');
  expect(answer('Sometimes')).toHaveAttribute('aria-pressed', 'true');
});

test('in a frame without focus the heading does not take it: the page around keeps its own', () => {
  renderQuiz({ pageHasFocus: false });
  expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
});

test('keys held with Ctrl, Alt, Meta or Shift are left to the browser', async () => {
  const user = renderQuiz();
  for (const chord of ['{Control>}1{/Control}', '{Alt>}1{/Alt}', '{Meta>}1{/Meta}', '{Shift>}1{/Shift}']) {
    await user.keyboard(chord);
    expect(answer('This is me')).toHaveAttribute('aria-pressed', 'false');
  }
});

test('Enter on a focused answer chooses it; on the answer already chosen it goes on', async () => {
  const user = renderQuiz();
  answer('This is me').focus();
  await user.keyboard('{Enter}');
  expect(answer('This is me')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Question 1 of 9')).toBeInTheDocument();
  await user.keyboard('{Enter}');
  await wait(150);
  expect(screen.getByText('Question 2 of 9')).toBeInTheDocument();
});

import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderAppAt } from '../../test/render';

test('the landing page shows the headline, sub-headline and the Why This Matters card', () => {
  renderAppAt('/');
  expect(screen.getByRole('heading', { level: 1, name: 'Discover Your Core Drivers' })).toBeInTheDocument();
  expect(
    screen.getByText('Which of your 9 Core Drivers are working FOR you, AGAINST you, or sitting on the fence?'),
  ).toBeInTheDocument();
  const why = screen.getByRole('region', { name: 'Why This Matters' });
  expect(within(why).getByText(/executive functions/i)).toBeInTheDocument();
  expect(within(why).getByText(/ADHD is about control, not inability/)).toBeInTheDocument();
});

test('Start Your Discovery leads to the quiz', () => {
  renderAppAt('/');
  expect(screen.getByRole('link', { name: 'Start Your Discovery' })).toHaveAttribute('href', '/quiz');
});

test('the landing page says what to expect and that it is not a diagnosis', () => {
  renderAppAt('/');
  const expectations = within(screen.getByRole('list', { name: 'What to expect' }));
  expect(expectations.getByText('9 questions')).toBeInTheDocument();
  expect(expectations.getByText(/about 2 minutes/)).toBeInTheDocument();
  expect(screen.getByText(/self-reflection tool, not a diagnosis/)).toBeInTheDocument();
});

test('the footer shows the visitor’s current year and the tagline', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-03-04T10:00:00Z'));
  renderAppAt('/');
  const footer = screen.getByRole('contentinfo');
  expect(footer).toHaveTextContent('2031');
  expect(footer).toHaveTextContent('Empowering you to understand your unique mind.');
});

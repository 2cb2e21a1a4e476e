import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, test } from 'vitest';
import { allowConsoleErrors } from '../test/console';
import { renderAppAt } from '../test/render';
import { RootErrorBoundary } from './root-error-boundary';

test.each([
  ['/no-such-page'],
  ['/quiz/extra'],
  ['/results/1'],
])('%s shows the not-found screen and logs the bad path', async (path) => {
  const consoleError = allowConsoleErrors();
  renderAppAt(path);
  expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), path);
});

function BrokenRoute(): never {
  throw new Error('The quiz content could not be read');
}

test('an error while rendering a route shows the fallback page with the message and a stack', () => {
  const consoleError = allowConsoleErrors();
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <RootErrorBoundary>
        <Routes>
          <Route path="/broken" element={<BrokenRoute />} />
        </Routes>
      </RootErrorBoundary>
    </MemoryRouter>,
  );
  // A whole page: its outline starts at level one.
  expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'The quiz content could not be read' })).toBeInTheDocument();
  expect(screen.getByText(/at BrokenRoute/)).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
});

function MissingPage(): never {
  throw Object.assign(new Error('Not Found'), { status: 404, statusText: 'Not Found' });
}

test('an error carrying an HTTP status shows that status', () => {
  allowConsoleErrors();
  render(
    <RootErrorBoundary>
      <MissingPage />
    </RootErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
});

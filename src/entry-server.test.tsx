import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { expect, test, vi } from 'vitest';
import { App } from './app/app';
import { render } from './entry-server';

test('the prerendered landing page already contains its content', () => {
  const html = render('/');
  expect(html).toContain('Discover Your Core Drivers');
  expect(html).toContain('Start Your Discovery');
  expect(html).toContain('Why This Matters');
});

test('the prerendered not-found screen says 404', () => {
  expect(render('/anything-else')).toContain('Oops! Page not found');
});

test('hydrating a page built in an earlier year shows the visitor’s year without a hydration warning', async () => {
  const container = document.createElement('div');
  container.innerHTML = render('/');
  document.body.append(container);
  expect(container.querySelector('footer')).toHaveTextContent(String(__BUILD_YEAR__));

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${__BUILD_YEAR__ + 3}-01-02T10:00:00Z`));
  window.history.replaceState(null, '', '/');
  const hydrationErrors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <BrowserRouter>
        <App />
      </BrowserRouter>,
      { onRecoverableError: (error) => hydrationErrors.push(error) },
    );
  });
  expect(hydrationErrors).toEqual([]);
  expect(container.querySelector('footer')).toHaveTextContent(String(__BUILD_YEAR__ + 3));
  container.remove();
});

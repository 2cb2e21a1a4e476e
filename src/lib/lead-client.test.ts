import { afterEach, expect, test, vi } from 'vitest';
import { submitLead } from './lead-client';

afterEach(() => vi.useRealTimers());

test('a lead is submitted after about 1.5 s and only counts are logged, never the e-mail or name', async () => {
  vi.useFakeTimers();
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  let done = false;
  const submitted = submitLead({
    email: 'sam@example.com',
    firstName: 'Sam',
    ratings: [1, 1, 2, 3, 3, 3, 2, 2, 1],
  }).then(() => {
    done = true;
  });

  await vi.advanceTimersByTimeAsync(1499);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await submitted;
  expect(done).toBe(true);

  expect(info).toHaveBeenCalledTimes(1);
  expect(info.mock.calls[0]).toEqual(['Lead submitted (local only).', { needsSupport: 3, neutral: 3, strong: 3 }]);
  expect(JSON.stringify(info.mock.calls)).not.toMatch(/sam/i);
});

import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { quizColours } from '../../src/shared/frame-look';

test('the embed look’s idea of the quiz colours (its contrast checks) is the theme’s own (src/theme.css)', () => {
  const theme = readFileSync('src/theme.css', 'utf8');
  for (const name of ['paper', 'ink', 'muted', 'teal', 'sun'] as const) {
    expect(theme).toContain(`--color-${name}: ${quizColours[name]};`);
  }
});

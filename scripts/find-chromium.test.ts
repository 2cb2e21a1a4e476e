import { expect, test } from 'vitest';
import { findChromium } from '../e2e/browser';

test('CHROMIUM_PATH wins when it exists', () => {
  expect(findChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, () => true)).toBe('/opt/chrome/chrome');
});

test('without CHROMIUM_PATH, Debian’s Chromium is used', () => {
  expect(findChromium({}, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
});

test('with no browser anywhere the end-to-end run fails and says how to install one', () => {
  expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chrome' }, () => false)).toThrow(
    /No Chromium found[\s\S]*apt-get install -y chromium[\s\S]*npx playwright install chromium[\s\S]*CHROMIUM_PATH/,
  );
});

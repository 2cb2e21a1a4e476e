import { expect, test } from 'vitest';
import { findChromium, findTestBrowser } from '../e2e/browser';

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

test.each([
  ['Debian’s headless shell, when it is installed', {}, ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'], '/usr/bin/chromium-headless-shell'],
  ['the full Chromium, without the shell', {}, ['/usr/bin/chromium'], '/usr/bin/chromium'],
  ['CHROMIUM_PATH, over the shell', { CHROMIUM_PATH: '/opt/chrome/chrome' }, ['/opt/chrome/chrome', '/usr/bin/chromium-headless-shell'], '/opt/chrome/chrome'],
])('the end-to-end tests drive %s', (_, env: Record<string, string>, installed: string[], driven: string) => {
  expect(findTestBrowser(env, (path) => installed.includes(path))).toBe(driven);
});

test('the end-to-end tests with no browser at all fail and say how to install one', () => {
  expect(() => findTestBrowser({}, () => false)).toThrow(/No Chromium found[\s\S]*apt-get install -y chromium/);
});

import { expect, test } from 'vitest';
import { plainFrameStyle } from '../shared/site-config';
import { applyFrameStyle, CHROME_ATTRIBUTE } from './frame-style';

const colours = (root: HTMLElement) =>
  Object.fromEntries(Array.from({ length: root.style.length }, (_, index) => root.style.item(index)).map((name) => [name, root.style.getPropertyValue(name)]));

test('the look hides the header line and footer and replaces the theme colours on the page’s root', () => {
  const root = document.createElement('html');
  applyFrameStyle({ hideChrome: true, transparent: false, colours: { '--color-teal': '#1d4ed8', '--color-paper': '#ffffff' } }, 'inline', root);
  expect(root.hasAttribute(CHROME_ATTRIBUTE)).toBe(true);
  expect(colours(root)).toEqual({ '--color-teal': '#1d4ed8', '--color-paper': '#ffffff' });
});

test.each([
  ['inline: the coach’s page shows through', 'inline', 'transparent'],
  ['in the popup: white, for the sticky bars to scroll under', 'popup', '#ffffff'],
] as const)('transparent %s', (_what, mode, paper) => {
  const root = document.createElement('html');
  applyFrameStyle({ hideChrome: false, transparent: true, colours: {} }, mode, root);
  expect(colours(root)).toEqual({ '--color-paper': paper });
  expect(root.hasAttribute(CHROME_ATTRIBUTE)).toBe(false);
});

test('a new look replaces the last one (the live preview applies each draft)', () => {
  const root = document.createElement('html');
  root.style.setProperty('font-size', '20px');
  applyFrameStyle({ hideChrome: true, transparent: false, colours: { '--color-teal': '#1d4ed8' } }, 'inline', root);
  applyFrameStyle(plainFrameStyle, 'inline', root);
  expect(colours(root)).toEqual({ 'font-size': '20px' });
  expect(root.hasAttribute(CHROME_ATTRIBUTE)).toBe(false);
});

test('anything but a theme colour in hex is left out, and a missing style changes nothing', () => {
  const root = document.createElement('html');
  applyFrameStyle({ hideChrome: false, transparent: false, colours: { color: '#000000', '--color-teal': 'red; background: url(x)' } as never }, 'inline', root);
  applyFrameStyle(undefined, 'inline', root);
  expect(colours(root)).toEqual({});
});

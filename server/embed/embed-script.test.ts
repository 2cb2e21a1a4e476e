import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { EMBED_LOOK_PLACEHOLDER, type EmbedScriptLook } from '../../src/shared/embed-script-look';
import { embedScriptWith } from './embed-script';

const look: EmbedScriptLook = {
  buttonText: 'Take the “quiz” </script> `now` ${x} \\ \u2028',
  buttonColour: '#fce8a6',
  buttonTextColour: '#1d2a2f',
  panelColour: '#ffffff',
  accent: '#1d4ed8',
};

test.each(['`', '"', "'"])('the look replaces a placeholder quoted with %s, and the script reads it back exactly', (quote) => {
  const source = `var served = ${quote}${EMBED_LOOK_PLACEHOLDER}${quote}; result = JSON.parse(served);`;
  const context: { result?: unknown } = {};
  runInNewContext(embedScriptWith(source, look), context);
  expect(context.result).toEqual(look);
});

test('a build without the placeholder, or with two, is refused with a message', () => {
  expect(() => embedScriptWith('var served = null;', look)).toThrow("embed.js should hold its look’s placeholder once, not 0 times");
  const twice = `a = "${EMBED_LOOK_PLACEHOLDER}"; b = "${EMBED_LOOK_PLACEHOLDER}";`;
  expect(() => embedScriptWith(twice, look)).toThrow('not 2 times');
});

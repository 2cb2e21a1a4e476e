import { expect, test } from 'vitest';
import { defaultEmbedLook } from '../shared/frame-look';
import { checkLookDraft, defaultLookDraft, embedSnippets, lookDraftOf, previewScale } from './embed-draft';

test('the snippets load embed.js from the quiz’s own address, inline and as a popup', () => {
  expect(embedSnippets('https://quiz.coach.example')).toEqual({
    inline: '<div data-core-drivers></div>\n<script src="https://quiz.coach.example/embed.js" async></script>',
    popup: '<div data-core-drivers data-mode="popup"></div>\n<script src="https://quiz.coach.example/embed.js" async></script>',
  });
});

test('a saved look becomes the form’s fields and back, unchanged', () => {
  const look = { hideChrome: true, background: '#fff7e6', accent: '#1d4ed8', buttonText: 'Take the quiz', buttonColour: '#fce8a6' } as const;
  const draft = lookDraftOf(look);
  expect(draft).toEqual({ hideChrome: true, background: 'colour', backgroundColour: '#fff7e6', accent: '#1d4ed8', buttonText: 'Take the quiz', buttonColour: '#fce8a6' });
  expect(checkLookDraft(draft)).toEqual({ look, problems: {} });
  expect(checkLookDraft(defaultLookDraft)).toEqual({ look: defaultEmbedLook, problems: {} });
});

test.each([
  // With a colour chosen, a background problem is the colour field's: focus goes there, and it says it.
  ['a colour chosen but not typed', { background: 'colour' as const, backgroundColour: ' ' }, 'backgroundColour', /^Background: write a colour/],
  ['a low-contrast accent', { accent: '#ffd166' }, 'accent', /^Accent colour: White text on the buttons \(#ffd166\) would have a contrast of 1\.\d:1/],
  ['a dark background', { background: 'colour' as const, backgroundColour: '#222222' }, 'backgroundColour', /^Background: The quiz’s grey text/],
  ['a background colour that is not one', { background: 'colour' as const, backgroundColour: '#zzzzzz' }, 'backgroundColour', /^Background: /],
  ['a button colour nothing reads on', { buttonColour: '#888' }, 'buttonColour', /^Popup button colour: neither white text/],
])('a problem by field: %s', (_what, change, field, message) => {
  const { look, problems } = checkLookDraft({ ...defaultLookDraft, ...change });
  expect(look).toBeNull();
  expect(problems[field as keyof typeof problems]).toMatch(message);
});

test.each([
  [300, 660, 300 / 660],
  [660, 660, 1],
  [1000, 660, 1],
  [0, 660, 1],
])('a %i px space shows a %i px frame at %f', (space, width, scale) => {
  expect(previewScale(space, width)).toBeCloseTo(scale, 6);
});

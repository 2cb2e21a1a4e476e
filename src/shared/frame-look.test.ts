import { expect, test } from 'vitest';
import { contrastRatio, type HexColour, MIN_TEXT_CONTRAST } from './colour';
import { accentPalette, checkEmbedLook, defaultEmbedLook, embedScriptLook, frameStyle, quizColours } from './frame-look';

test.each([
  // [what, look sent, the look stored]
  ['nothing: the defaults', {}, defaultEmbedLook],
  ['nulls and empty text: the defaults', { accent: null, buttonColour: '', buttonText: '   ', background: null }, defaultEmbedLook],
  [
    'every part set',
    { hideChrome: true, background: '#FFFFFF', accent: '#1d4ed8', buttonText: '  Take   the quiz ', buttonColour: '#fce8a6' },
    { hideChrome: true, background: '#ffffff', accent: '#1d4ed8', buttonText: 'Take the quiz', buttonColour: '#fce8a6' },
  ],
  ['transparent', { background: 'transparent', accent: '#0e4d55' }, { ...defaultEmbedLook, background: 'transparent', accent: '#0e4d55' }],
  ['three-digit colours', { accent: '#036' }, { ...defaultEmbedLook, accent: '#003366' }],
])('accepted: %s', (_what, input, expected) => {
  expect(checkEmbedLook(input)).toEqual({ ok: true, value: expected });
});

test.each([
  // [what, look sent, the field and the message]
  [
    'a light accent: white button text fails, and the message says on what',
    { accent: '#f5a623' },
    'accent',
    'Accent colour: White text on the buttons (#f5a623) would have a contrast of 2.0:1; text needs at least 4.5:1. Choose a darker colour.',
  ],
  [
    'an accent that passes on white but not on a chosen darker background',
    { accent: '#3b6ea5', background: '#d9d4c7' },
    'accent',
    'Accent colour: Links and labels in this colour on the page background (#d9d4c7) would have a contrast of 3.5:1; text needs at least 4.5:1. Choose a darker colour.',
  ],
  [
    'a dark background: the quiz’s grey text fails',
    { background: '#333333' },
    'background',
    'Background: The quiz’s grey text (#4a5a60) on it would have a contrast of 1.7:1; text needs at least 4.5:1. Choose a lighter colour.',
  ],
  ['a colour name', { accent: 'teal' }, 'accent', 'Accent colour: write a colour as # and six hex digits, such as #0e4d55.'],
  ['a CSS injection attempt', { background: '#fff; background-image: url(x)' }, 'background', 'Background: write a colour as # and six hex digits, such as #ffffff.'],
  ['a button text too long', { buttonText: 'x'.repeat(41) }, 'buttonText', 'Popup button text: at most 40 characters (this has 41).'],
  ['a button text with a hidden character', { buttonText: 'Take\u200b the quiz' }, 'buttonText', 'Popup button text: remove the invisible or control characters.'],
  [
    'a mid-grey button: neither white nor dark text reads on it',
    { buttonColour: '#888888' },
    'buttonColour',
    'Popup button colour: neither white text (3.5:1) nor dark text (4.1:1) reaches 4.5:1 on #888888. Choose a lighter or darker colour.',
  ],
  ['hideChrome as text', { hideChrome: 'yes' }, 'hideChrome', 'Header and footer: send true (hidden) or false (shown).'],
  ['an unknown part', { font: 'Comic Sans' }, 'background', 'The look has no part called "font".'],
])('refused: %s', (_what, input, field, message) => {
  const checked = checkEmbedLook(input);
  expect(checked.ok).toBe(false);
  if (!checked.ok) expect(checked.problems).toEqual([{ field, message }]);
});

test('every problem is reported, each with its part', () => {
  const checked = checkEmbedLook({ accent: '#ffff00', buttonColour: 'red', buttonText: 42 });
  expect(checked.ok ? [] : checked.problems.map((problem) => problem.field)).toEqual(['accent', 'buttonText', 'buttonColour']);
});

// A spread of accents, dark to light, every hue: whatever passes the check keeps every derived pair readable.
const accents: HexColour[] = [];
for (let r = 0; r < 256; r += 51) for (let g = 0; g < 256; g += 51) for (let b = 0; b < 256; b += 51) {
  accents.push(`#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`);
}

test.each(['page', 'transparent', '#ffffff', '#fff7e6'] as const)('on background %s, an accepted accent keeps every text at 4.5:1, its shades included', (background) => {
  let accepted = 0;
  for (const accent of accents) {
    if (!checkEmbedLook({ accent, background }).ok) continue;
    accepted += 1;
    const { dark, tint } = accentPalette(accent);
    const page = background === 'page' ? quizColours.paper : background === 'transparent' ? quizColours.white : background;
    const pairs: [HexColour, HexColour][] = [
      [quizColours.white, accent], // buttons
      [quizColours.white, dark], // the course box, a hovered button
      [accent, page], // links and labels
      [accent, quizColours.white], // card hints
      [dark, page], // headings
      [dark, quizColours.sun], // the course button's text
      [dark, tint], // a chosen answer's text
      [accent, tint], // a hovered button's text
      [quizColours.ink, tint],
      [quizColours.muted, tint],
    ];
    for (const [text, on] of pairs) expect(contrastRatio(text, on), `${text} on ${on} (accent ${accent})`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  }
  expect(accepted).toBeGreaterThan(20);
});

test('the frame’s style: the theme colours the look replaces, and whether the page paints its own background', () => {
  expect(frameStyle(defaultEmbedLook)).toEqual({ hideChrome: false, transparent: false, colours: {} });
  expect(frameStyle({ ...defaultEmbedLook, hideChrome: true, background: '#ffffff', accent: '#1d4ed8' })).toEqual({
    hideChrome: true,
    transparent: false,
    colours: { '--color-paper': '#ffffff', '--color-teal': '#1d4ed8', '--color-teal-dark': '#143797', '--color-teal-soft': '#e4eafa' },
  });
  expect(frameStyle({ ...defaultEmbedLook, background: 'transparent' })).toEqual({ hideChrome: false, transparent: true, colours: {} });
});

test.each([
  ['the defaults: the script’s own', defaultEmbedLook, { buttonText: null, buttonColour: null, buttonTextColour: null, panelColour: null, accent: null }],
  [
    'a light button colour gets dark text',
    { ...defaultEmbedLook, buttonText: 'Take the quiz', buttonColour: '#fce8a6' as HexColour },
    { buttonText: 'Take the quiz', buttonColour: '#fce8a6', buttonTextColour: quizColours.ink, panelColour: null, accent: null },
  ],
  [
    'without a button colour the button takes the accent, with white text; a transparent look gets a white panel',
    { ...defaultEmbedLook, accent: '#1d4ed8' as HexColour, background: 'transparent' as const },
    { buttonText: null, buttonColour: '#1d4ed8', buttonTextColour: '#ffffff', panelColour: '#ffffff', accent: '#1d4ed8' },
  ],
  [
    'a background colour is the panel’s',
    { ...defaultEmbedLook, background: '#fff7e6' as HexColour },
    { buttonText: null, buttonColour: null, buttonTextColour: null, panelColour: '#fff7e6', accent: null },
  ],
])('embed.js gets: %s', (_what, look, expected) => {
  expect(embedScriptLook(look)).toEqual(expected);
});

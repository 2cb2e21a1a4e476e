import { expect, test } from 'vitest';
import { defaultEmbedLook, type EmbedLook } from '../../shared/frame-look';
import { changedFields } from '../draft-form';
import { lookDraftOf } from '../embed-draft';
import { checkEmbed, embedChange, fieldId, type EmbedDrafts } from './drafts';

const phoneAccent: EmbedLook = { ...defaultEmbedLook, accent: '#1d4ed8' };

// The screen loaded `loaded`; another device saved `current` since; this screen's edits are `edits`.
test.each([
  ['a field saved elsewhere meanwhile is kept beside this screen’s', defaultEmbedLook, phoneAccent, { buttonText: 'Take the quiz' }, { embedLook: { ...phoneAccent, buttonText: 'Take the quiz' } }],
  ['a field reset elsewhere is not put back', phoneAccent, defaultEmbedLook, { buttonText: 'Take the quiz' }, { embedLook: { ...defaultEmbedLook, buttonText: 'Take the quiz' } }],
  ['the same field changed on both: this save wins', defaultEmbedLook, phoneAccent, { accent: '#0f766e' }, { embedLook: { ...defaultEmbedLook, accent: '#0f766e' } }],
  ['only the sites changed: the look is not sent', defaultEmbedLook, phoneAccent, { sites: 'https://coach.example' }, { embedOrigins: ['https://coach.example'] }],
])('%s', (_name, loaded, current, edits, change) => {
  const start: EmbedDrafts = { sites: '', ...lookDraftOf(loaded) };
  const drafts = { ...start, ...edits };
  expect(embedChange(current, drafts, changedFields(start, drafts))).toEqual(change);
});

// Save with a problem: focus goes to the element where it is put right, which says it.
test.each([
  ['a background colour too dark to read on', { background: 'colour', backgroundColour: '#222222' }, 'embed-look-backgroundColour'],
  ['"a colour of your own" with none typed', { background: 'colour', backgroundColour: '' }, 'embed-look-backgroundColour'],
  ['a low-contrast accent', { accent: '#ffd166' }, 'embed-look-accent'],
  ['a site with a path', { sites: 'https://coach.example/blog' }, 'embed-sites'],
] as const)('the element a problem focuses: %s', (_name, edits, element) => {
  const start: EmbedDrafts = { sites: '', ...lookDraftOf(defaultEmbedLook) };
  const drafts: EmbedDrafts = { ...start, ...edits };
  expect(checkEmbed(drafts, changedFields(start, drafts)).map((problem) => fieldId(problem.field))).toEqual([element]);
});

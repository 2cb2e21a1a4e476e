/**
 * How the quiz looks on a coach's site (issue 22): inside the frame, its own header line and footer
 * hidden or not, a background (the quiz's own, transparent, or a colour), the coach's accent colour;
 * on the coach's page, the popup button's text and colour. One rule here for the dashboard (checks
 * as the coach types, and the live preview), the server (checks every change; what pages and
 * embed.js get) and the quiz's frame (what it applies).
 *
 * The spec's texts and timings never change: the look only restyles a framed page. Every colour the
 * coach picks is refused when a text that would sit on it, or be written in it, fails WCAG's 4.5:1
 * (./colour.ts), and the message says which text, on what, and the ratio.
 */
import { contrastRatio, formatRatio, type HexColour, MIN_TEXT_CONTRAST, mixColours, parseHexColour } from './colour';
import { hasHiddenCharacterInName } from './lead';
import type { EmbedScriptLook } from './embed-script-look';
import type { FrameStyle } from './site-config';

/** The quiz's own colours (src/theme.css; a test keeps the two the same). */
export const quizColours = {
  paper: '#fbfaf6',
  white: '#ffffff',
  ink: '#1d2a2f',
  muted: '#4a5a60',
  teal: '#0e4d55',
  sun: '#fce8a6',
} as const satisfies Record<string, HexColour>;

/** `page`: the quiz's own pale background; `transparent`: the coach's page shows through; or a colour. */
export type FrameBackground = 'page' | 'transparent' | HexColour;

export type EmbedLook = {
  /** Inside a frame, the quiz's own header line (its name above the title) and its footer are hidden. */
  hideChrome: boolean;
  background: FrameBackground;
  /** Replaces the quiz's teal: buttons, links, the progress bar, a chosen answer, headings (darker). */
  accent: HexColour | null;
  /** The popup button on the coach's page; a snippet's own `data-button-text` wins. */
  buttonText: string | null;
  buttonColour: HexColour | null;
};

export const defaultEmbedLook: EmbedLook = { hideChrome: false, background: 'page', accent: null, buttonText: null, buttonColour: null };

/** How the coach knows each part: it starts every message about it. */
export const embedLookLabels: Record<keyof EmbedLook, string> = {
  hideChrome: 'Header and footer',
  background: 'Background',
  accent: 'Accent colour',
  buttonText: 'Popup button text',
  buttonColour: 'Popup button colour',
};

/** The popup button's default text (README, "Embedding the quiz"). */
export const DEFAULT_BUTTON_TEXT = 'Discover Your Core Drivers';
export const BUTTON_TEXT_MAX_LENGTH = 40;

/** The accent's darker shade (headings, the course box, hovered buttons) and its light tint (a chosen answer, hovers). */
export function accentPalette(accent: HexColour): { accent: HexColour; dark: HexColour; tint: HexColour } {
  return { accent, dark: mixColours(accent, '#000000', 0.7), tint: mixColours(accent, quizColours.white, 0.12) };
}

/** One pair the look must keep readable: `text` on `on`, described for the coach. */
type Pair = { text: HexColour; on: HexColour; what: string };

/** The first pair below 4.5:1, as the message's end: what, on what, the ratio. */
function failing(pairs: readonly Pair[]): string | null {
  for (const pair of pairs) {
    const ratio = contrastRatio(pair.text, pair.on);
    if (ratio < MIN_TEXT_CONTRAST) return `${pair.what} would have a contrast of ${formatRatio(ratio)}; text needs at least ${MIN_TEXT_CONTRAST}:1.`;
  }
  return null;
}

/** The colours the quiz's text sits on inside the frame: its page (unknown when transparent: then only the white cards) and the cards. */
function surfaces(background: FrameBackground): { colour: HexColour; name: string }[] {
  const cards = { colour: quizColours.white, name: `the white cards (${quizColours.white})` };
  if (background === 'transparent') return [cards];
  const page = background === 'page' ? quizColours.paper : background;
  return [{ colour: page, name: `the page background (${page})` }, cards];
}

/** Why the accent would make some text unreadable, or null when every text keeps 4.5:1. */
export function accentProblem(accent: HexColour, background: FrameBackground): string | null {
  const { tint } = accentPalette(accent);
  const problem = failing([
    { text: quizColours.white, on: accent, what: `White text on the buttons (${accent})` },
    ...surfaces(background).map(({ colour, name }) => ({ text: accent, on: colour, what: `Links and labels in this colour on ${name}` })),
    { text: accent, on: tint, what: `Links in this colour on its own light tint (${tint}, a hovered button)` },
    { text: quizColours.muted, on: tint, what: `The grey hint of a chosen answer (${quizColours.muted}) on the light tint (${tint})` },
  ]);
  return problem && `${problem} Choose a darker colour.`;
}

/** Why a background colour would make the quiz's text unreadable, or null. */
export function backgroundProblem(background: HexColour): string | null {
  const problem = failing([{ text: quizColours.muted, on: background, what: `The quiz’s grey text (${quizColours.muted}) on it` }]);
  return problem && `${problem} Choose a lighter colour.`;
}

/** The popup button's text colour: white when it reads on the colour, else the quiz's ink; null when neither does. */
export function buttonTextColour(colour: HexColour): HexColour | null {
  if (contrastRatio(quizColours.white, colour) >= MIN_TEXT_CONTRAST) return quizColours.white;
  if (contrastRatio(quizColours.ink, colour) >= MIN_TEXT_CONTRAST) return quizColours.ink;
  return null;
}

export type LookProblem = { field: keyof EmbedLook; message: string };
export type CheckedLook = { ok: true; value: EmbedLook } | { ok: false; problems: LookProblem[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function colourOf(field: keyof EmbedLook, input: unknown, problems: LookProblem[]): HexColour | null {
  if (input === null || input === undefined || input === '') return null;
  const colour = typeof input === 'string' ? parseHexColour(input) : null;
  // The example is one the field would take: a light background, a dark accent or button.
  const example = field === 'background' ? '#ffffff' : '#0e4d55';
  if (colour === null) problems.push({ field, message: `${embedLookLabels[field]}: write a colour as # and six hex digits, such as ${example}.` });
  return colour;
}

/**
 * Checks a whole look (what the dashboard sends; every part optional, `null` or '' for the default)
 * and returns it complete, or every problem, each naming its part. The parts are checked together:
 * an accent must read on the background chosen with it.
 */
export function checkEmbedLook(input: unknown): CheckedLook {
  if (!isRecord(input)) return { ok: false, problems: [{ field: 'background', message: 'Send the look as a JSON object.' }] };
  const problems: LookProblem[] = [];
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(embedLookLabels, key)) problems.push({ field: 'background', message: `The look has no part called ${JSON.stringify(key.slice(0, 40))}.` });
  }

  const hideChrome = input.hideChrome ?? false;
  if (typeof hideChrome !== 'boolean') problems.push({ field: 'hideChrome', message: `${embedLookLabels.hideChrome}: send true (hidden) or false (shown).` });

  let background: FrameBackground = 'page';
  const rawBackground = input.background ?? 'page';
  if (rawBackground === 'page' || rawBackground === 'transparent') background = rawBackground;
  else {
    const colour = colourOf('background', rawBackground, problems);
    if (colour !== null) {
      background = colour;
      const problem = backgroundProblem(colour);
      if (problem) problems.push({ field: 'background', message: `${embedLookLabels.background}: ${problem}` });
    }
  }

  // (Without an accent the quiz's teal stays: darker than its grey text, it reads wherever that does.)
  const accent = colourOf('accent', input.accent, problems);
  const accentIssue = accent === null || problems.some((problem) => problem.field === 'background') ? null : accentProblem(accent, background);
  if (accentIssue) problems.push({ field: 'accent', message: `${embedLookLabels.accent}: ${accentIssue}` });

  let buttonText: string | null = null;
  if (input.buttonText !== undefined && input.buttonText !== null) {
    const text = typeof input.buttonText === 'string' ? input.buttonText.normalize('NFC').replace(/\s+/g, ' ').trim() : null;
    const label = embedLookLabels.buttonText;
    if (text === null) problems.push({ field: 'buttonText', message: `${label}: send text.` });
    else if (text.length > BUTTON_TEXT_MAX_LENGTH) problems.push({ field: 'buttonText', message: `${label}: at most ${BUTTON_TEXT_MAX_LENGTH} characters (this has ${text.length}).` });
    else if (hasHiddenCharacterInName(text)) problems.push({ field: 'buttonText', message: `${label}: remove the invisible or control characters.` });
    else buttonText = text === '' ? null : text;
  }

  const buttonColour = colourOf('buttonColour', input.buttonColour, problems);
  if (buttonColour !== null && buttonTextColour(buttonColour) === null) {
    const white = formatRatio(contrastRatio(quizColours.white, buttonColour));
    const dark = formatRatio(contrastRatio(quizColours.ink, buttonColour));
    problems.push({
      field: 'buttonColour',
      message: `${embedLookLabels.buttonColour}: neither white text (${white}) nor dark text (${dark}) reaches ${MIN_TEXT_CONTRAST}:1 on ${buttonColour}. Choose a lighter or darker colour.`,
    });
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { hideChrome: hideChrome as boolean, background, accent, buttonText, buttonColour } };
}

/** The frame's style for a look: what the quiz's page applies inside a frame. */
export function frameStyle(look: EmbedLook): FrameStyle {
  const colours: Record<string, HexColour> = {};
  if (look.background !== 'page' && look.background !== 'transparent') colours['--color-paper'] = look.background;
  if (look.accent !== null) {
    const { accent, dark, tint } = accentPalette(look.accent);
    Object.assign(colours, { '--color-teal': accent, '--color-teal-dark': dark, '--color-teal-soft': tint });
  }
  return { hideChrome: look.hideChrome, transparent: look.background === 'transparent', colours };
}

/** What embed.js gets of a look: the popup button, and the dialog's panel around the frame. */
export function embedScriptLook(look: EmbedLook): EmbedScriptLook {
  return {
    buttonText: look.buttonText,
    // The popup button takes the accent when it has no colour of its own.
    buttonColour: look.buttonColour ?? look.accent,
    buttonTextColour: look.buttonColour ? buttonTextColour(look.buttonColour) : look.accent ? quizColours.white : null,
    // Nothing shows through a dialog's panel: a transparent look gets white there.
    panelColour: look.background === 'page' ? null : look.background === 'transparent' ? quizColours.white : look.background,
    accent: look.accent,
  };
}

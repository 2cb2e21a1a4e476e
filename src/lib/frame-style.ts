/**
 * The coach's look for the quiz inside a frame (src/shared/frame-look.ts), applied to the page as it
 * starts: the header line and footer hidden (`data-embed-chrome`, read by the stylesheet), the theme
 * colours replaced as CSS custom properties on `<html>`, the page's own background left out. Used by
 * the page itself (src/embed/when-framed.ts) and by the dashboard's live preview, which frames the quiz from
 * the same origin and applies the coach's draft to it.
 */
import type { FrameStyle } from '../shared/site-config';
import type { EmbedMode } from '../embed/protocol';

export const CHROME_ATTRIBUTE = 'data-embed-chrome';

const themeColour = /^--color-[a-z-]+$/;
const hexColour = /^#[0-9a-f]{6}$/;

/** Applies `style` to a framed page's root, replacing any look applied before. Anything malformed is left out. */
export function applyFrameStyle(style: FrameStyle | undefined, mode: EmbedMode, root: HTMLElement): void {
  const names = Array.from({ length: root.style.length }, (_, index) => root.style.item(index));
  for (const name of names) if (themeColour.test(name)) root.style.removeProperty(name);
  root.toggleAttribute(CHROME_ATTRIBUTE, style?.hideChrome === true);
  for (const [name, value] of Object.entries(style?.colours ?? {})) {
    if (themeColour.test(name) && typeof value === 'string' && hexColour.test(value)) root.style.setProperty(name, value);
  }
  // Transparent inline lets the coach's page show through. In the popup nothing is behind the page
  // but the dialog's white panel, and the quiz's sticky bars need a colour to scroll under: white.
  if (style?.transparent) root.style.setProperty('--color-paper', mode === 'popup' ? '#ffffff' : 'transparent');
}

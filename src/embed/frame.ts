/**
 * The quiz's side of the embed, loaded only when the page runs inside a frame (`when-framed.ts`):
 * it tells the coach's page, and only that page, about funnel steps, the height the content needs
 * (inline) and Escape (popup). It sends nothing personal and stores nothing in the browser.
 */
import type { FunnelStep } from '../shared/funnel';
import { onFunnelStep } from '../lib/funnel';
import { readSiteConfig } from '../lib/site-config';
import { EMBED_MESSAGE_SOURCE, frameParams, isEmbedMessage, type EmbedMessage, type EmbedMode } from './protocol';

/** The `data-embed` attribute on `<html>` lets the stylesheet drop screen-tall minimum heights inline. */
export const EMBED_ATTRIBUTE = 'data-embed';

/**
 * The origin of the page framing the quiz, from the first candidate that is an allowed origin
 * (EMBED_ORIGINS): the `host` parameter the embed script set, the browser's own record of the
 * ancestors, the referrer. Null when none is allowed: then nothing is ever sent.
 */
export function hostOriginFrom(candidates: readonly (string | null | undefined)[], allowedOrigins: readonly string[]): string | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    let origin: string;
    try {
      origin = new URL(candidate).origin;
    } catch {
      continue;
    }
    if (allowedOrigins.includes(origin)) return origin;
  }
  return null;
}

/** The mode the embed script asked for; inline unless it said popup. */
export function embedModeFrom(search: string): EmbedMode {
  return new URLSearchParams(search).get(frameParams.mode) === 'popup' ? 'popup' : 'inline';
}

/** The allowed origins from the page's settings, ignoring anything that is not a list of strings. */
function allowedOrigins(): string[] {
  const { embedOrigins } = readSiteConfig();
  return Array.isArray(embedOrigins) ? embedOrigins.filter((origin): origin is string => typeof origin === 'string') : [];
}

/** The height the document's content needs, in whole CSS pixels (the root's own box, not the viewport). */
function contentHeight(): number {
  return Math.ceil(document.documentElement.getBoundingClientRect().height);
}

/** Steps of the visible share of the page at which the frame hears about scrolling (0.5% each). */
const visibilitySteps = Array.from({ length: 201 }, (_, index) => index / 200);

/**
 * The frame is as tall as its page, so "the top of the screen" inside it is wherever the coach's
 * page has scrolled to. The browser says which part of the frame is on screen; the stylesheet moves
 * the toasts there (`--embed-visible-top`), so a visitor at the gate sees *Invalid email*.
 */
function followVisiblePart(stops: (() => void)[]): void {
  const root = document.documentElement;
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (!entry) return;
      const top = Math.max(0, entry.intersectionRect.top - entry.boundingClientRect.top);
      root.style.setProperty('--embed-visible-top', `${Math.round(top)}px`);
    },
    { threshold: visibilitySteps },
  );
  observer.observe(root);
  stops.push(() => {
    observer.disconnect();
    root.style.removeProperty('--embed-visible-top');
  });
}

const tabbableSelector = 'a[href], button, input, select, textarea, [tabindex]';

/** The last control Tab can reach on the page, for focus going backwards round the popup. */
function lastTabbable(): HTMLElement | undefined {
  const candidates = [...document.querySelectorAll<HTMLElement>(tabbableSelector)];
  return candidates.filter((element) => element.tabIndex >= 0 && !element.matches(':disabled') && element.getClientRects().length > 0).at(-1);
}

/**
 * Starts the frame's side. `earlySteps` are the funnel steps reported before this code arrived (the
 * landing page reports as it hydrates); they are sent first, in order. Returns what stops it again.
 */
export function startEmbeddedFrame(earlySteps: readonly FunnelStep[]): () => void {
  const params = new URLSearchParams(location.search);
  const hostOrigin = hostOriginFrom(
    [params.get(frameParams.host), location.ancestorOrigins?.[0], document.referrer],
    allowedOrigins(),
  );
  if (hostOrigin === null) return () => undefined;

  const post = (message: EmbedMessage) => window.parent.postMessage(message, hostOrigin);
  const progress = (step: FunnelStep) => post({ source: EMBED_MESSAGE_SOURCE, type: 'progress', step });
  earlySteps.forEach(progress);
  const stops = [onFunnelStep(progress)];
  const listen = <K extends keyof WindowEventMap>(type: K, listener: (event: WindowEventMap[K]) => void) => {
    window.addEventListener(type, listener);
    stops.push(() => window.removeEventListener(type, listener));
  };

  const mode = embedModeFrom(location.search);
  document.documentElement.setAttribute(EMBED_ATTRIBUTE, mode);
  if (mode === 'inline') {
    // The frame only ever takes its content's height, which does not depend on the frame's height
    // (see the stylesheet's data-embed rule), so setting it cannot start a loop of resizes.
    let sent = 0;
    const sendHeight = () => {
      const height = contentHeight();
      if (height === sent) return;
      sent = height;
      post({ source: EMBED_MESSAGE_SOURCE, type: 'resize', height });
    };
    const observer = new ResizeObserver(sendHeight);
    observer.observe(document.documentElement);
    stops.push(() => observer.disconnect());
    sendHeight();
    followVisiblePart(stops);
  } else {
    // A key pressed inside the frame never reaches the host's dialog: tell it to close.
    listen('keydown', (event) => {
      if (event.key === 'Escape') post({ source: EMBED_MESSAGE_SOURCE, type: 'escape' });
    });
    listen('message', (event) => {
      if (event.source !== window.parent || event.origin !== hostOrigin || !isEmbedMessage(event.data)) return;
      if (event.data.type === 'focus-last') lastTabbable()?.focus();
    });
  }
  return () => {
    stops.forEach((stop) => stop());
    document.documentElement.removeAttribute(EMBED_ATTRIBUTE);
  };
}

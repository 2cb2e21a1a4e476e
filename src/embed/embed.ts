/**
 * The embed script a coach puts on their own site (built alone into dist/client/embed.js, served at
 * /embed.js; no dependencies, at most 3 KB gzip):
 *
 *   <div data-core-drivers></div>                       the quiz, as tall as its content
 *   <div data-core-drivers data-mode="popup" data-button-text="Take the quiz"></div>   a button and a dialog
 *   <script src="https://QUIZ-HOST/embed.js" async></script>
 *
 * It touches nothing on the page but its placeholders: it fills each with the frame (or the button
 * and dialog), and re-announces the frame's progress as a `core-drivers:progress` event on it.
 * Messages are accepted only from the quiz's origin and from the frame they belong to.
 */
import { EMBED_LOOK_PLACEHOLDER, type EmbedScriptLook } from '../shared/embed-script-look';
import { EMBED_MESSAGE_SOURCE, frameUrl, isEmbedMessage, type EmbedMessage, type EmbedMode, type HostMessage } from './protocol';

const title = 'Core Drivers quiz';
const defaultButtonText = 'Discover Your Core Drivers';
const teal = '#0e4d55';
const paper = '#fbfaf6';

/**
 * The coach's look for the popup (the dashboard's embed settings): the server writes it over this
 * placeholder each time it serves the file (server/embed/embed-script.ts). Served as built (static
 * hosting) it stays the placeholder, and the script keeps its own look.
 */
const served: string = EMBED_LOOK_PLACEHOLDER;
const look: Partial<EmbedScriptLook> = (() => {
  try {
    const parsed: unknown = JSON.parse(served);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
})();
const accent = look.accent ?? teal;

type Embed = { placeholder: HTMLElement; mode: EmbedMode; frame: HTMLIFrameElement; close?: () => void };

const script = document.currentScript ?? document.querySelector('script[src$="/embed.js"]');
const quizOrigin = script instanceof HTMLScriptElement ? new URL(script.src).origin : location.origin;
const embeds: Embed[] = [];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  // Set through the style object, which a host page's Content-Security-Policy allows, unlike style attributes.
  Object.assign(created.style, style);
  return created;
}

function frame(mode: EmbedMode): HTMLIFrameElement {
  const iframe = element('iframe', { display: 'block', width: '100%', border: '0', height: mode === 'inline' ? '640px' : '100%' });
  iframe.title = title;
  // The quiz counts the visit with this site as its source, whatever the page's own referrer policy.
  iframe.referrerPolicy = 'strict-origin';
  return iframe;
}

const load = (iframe: HTMLIFrameElement, mode: EmbedMode) => {
  if (!iframe.src) iframe.src = frameUrl(quizOrigin, mode, location);
};

function focusGuard(onFocus: () => void): HTMLSpanElement {
  const guard = element('span', { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', opacity: '0' });
  guard.tabIndex = 0;
  guard.addEventListener('focus', onFocus);
  return guard;
}

function popup(placeholder: HTMLElement): Embed {
  const button = element('button', {
    minHeight: '48px',
    padding: '12px 28px',
    border: '0',
    borderRadius: '999px',
    background: look.buttonColour ?? accent,
    color: look.buttonTextColour ?? '#fff',
    font: '600 1.125rem/1.3 system-ui, sans-serif',
    cursor: 'pointer',
  });
  button.type = 'button';
  // The snippet's own text wins (a page may have several buttons), then the coach's, then ours.
  button.textContent = placeholder.dataset.buttonText?.trim() || look.buttonText || defaultButtonText;

  // Full-screen and see-through itself, so no stylesheet is needed for a backdrop.
  const dialog = element('dialog', {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    maxWidth: 'none',
    maxHeight: 'none',
    margin: '0',
    padding: '0',
    border: '0',
    background: 'rgba(9, 58, 64, 0.6)',
  });
  dialog.setAttribute('aria-label', title);
  const panel = element('div', {
    position: 'absolute',
    inset: 'min(3vw, 24px)',
    margin: 'auto',
    maxWidth: '720px',
    maxHeight: '880px',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    borderRadius: '16px',
    background: look.panelColour ?? paper,
  });
  const bar = element('div', { display: 'flex', justifyContent: 'flex-end', padding: '4px', borderBottom: '1px solid #e4e0d4' });
  const close = element('button', {
    minHeight: '44px',
    padding: '0 16px',
    border: '0',
    borderRadius: '999px',
    background: 'transparent',
    color: accent,
    font: '600 1rem/1 system-ui, sans-serif',
    cursor: 'pointer',
  });
  close.type = 'button';
  close.textContent = 'Close ✕';
  close.setAttribute('aria-label', 'Close the quiz');
  // The dialog opens with focus here, not on the guard before it.
  close.autofocus = true;
  const iframe = frame('popup');
  iframe.style.flex = '1';
  // Focus guards keep Tab inside: past the quiz's last control it comes back to Close, and Shift+Tab
  // from Close goes to the quiz's last control. (A modal dialog alone lets focus leave for the
  // browser's own controls, and the page cannot follow focus inside another origin's frame.)
  const focusLast: HostMessage = { source: EMBED_MESSAGE_SOURCE, type: 'focus-last' };
  const before = focusGuard(() => {
    iframe.focus();
    iframe.contentWindow?.postMessage(focusLast, quizOrigin);
  });
  const after = focusGuard(() => close.focus());
  bar.append(close);
  panel.append(before, bar, iframe, after);
  dialog.append(panel);
  placeholder.replaceChildren(button, dialog);

  const closeDialog = () => dialog.close();
  // The quiz loads when first opened (a visitor who never opens it is not counted as one), and
  // closing keeps the visitor's place.
  button.addEventListener('click', () => {
    load(iframe, 'popup');
    dialog.showModal();
  });
  close.addEventListener('click', closeDialog);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) closeDialog();
  });
  dialog.addEventListener('close', () => button.focus());
  return { placeholder, mode: 'popup', frame: iframe, close: closeDialog };
}

function mount(placeholder: HTMLElement): void {
  // Once per placeholder, even if the script is on the page twice.
  if (placeholder.dataset.coreDriversMounted !== undefined) return;
  placeholder.dataset.coreDriversMounted = '';
  if (placeholder.dataset.mode === 'popup') {
    embeds.push(popup(placeholder));
    return;
  }
  const iframe = frame('inline');
  load(iframe, 'inline');
  placeholder.replaceChildren(iframe);
  embeds.push({ placeholder, mode: 'inline', frame: iframe });
}

function handle(embed: Embed, message: EmbedMessage | HostMessage): void {
  if (message.type === 'resize' && embed.mode === 'inline') {
    embed.frame.style.height = `${Math.max(0, Math.ceil(message.height))}px`;
  } else if (message.type === 'escape') {
    embed.close?.();
  } else if (message.type === 'progress') {
    embed.placeholder.dispatchEvent(new CustomEvent('core-drivers:progress', { bubbles: true, detail: { step: message.step } }));
    // A new screen starts at its top: bring it into view if the visitor had scrolled past it.
    if (embed.mode === 'inline' && (message.step === 'quiz_started' || message.step === 'results') && embed.frame.getBoundingClientRect().top < 0) {
      embed.frame.scrollIntoView();
    }
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== quizOrigin || !isEmbedMessage(event.data)) return;
  const embed = embeds.find((candidate) => candidate.frame.contentWindow === event.source);
  if (embed) handle(embed, event.data);
});

function mountAll(): void {
  document.querySelectorAll<HTMLElement>('[data-core-drivers]').forEach(mount);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();

/**
 * What the embed script on the coach's page (`embed.ts`) and the quiz inside its frame (`frame.ts`)
 * say to each other: the frame's address, and the messages the frame posts to the host page.
 * The message format is public (README, "Embedding the quiz"): coaches forward it to their analytics.
 * Nothing here is personal: no e-mail, name, rating or identifier ever travels in a message.
 */
import type { FunnelStep } from '../shared/funnel';

/** Inline: a frame as tall as its content. Popup: a button that opens the quiz in a dialog. */
export type EmbedMode = 'inline' | 'popup';

/** Every message carries this `source`, so a host page can tell ours from other frames'. */
export const EMBED_MESSAGE_SOURCE = 'core-drivers';

export type EmbedMessage =
  /** A funnel step reached, once per quiz run: `landing`, `quiz_started`, `question_1`..`question_9`, `results`, `lead`, `course_click`. */
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'progress'; step: FunnelStep }
  /** The height in CSS pixels the frame needs to show all its content without scrolling. */
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'resize'; height: number }
  /** Escape was pressed inside the quiz (popup only): the host closes the dialog. */
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'escape' };

/**
 * The one message the host page sends the frame: Shift+Tab left the popup's first control, so focus
 * goes round to the quiz's last one (the host cannot reach into a page of another origin).
 */
export type HostMessage = { source: typeof EMBED_MESSAGE_SOURCE; type: 'focus-last' };

/** Query parameters of the frame's address: the mode, the host page's origin, and the host's utm_*. */
export const frameParams = { mode: 'embed', host: 'host' } as const;

/**
 * The address of the quiz inside the host page: its landing page, told it is embedded, by whom, and
 * with the host page's utm_* parameters so the funnel counts the visit with the coach's campaign.
 */
export function frameUrl(quizOrigin: string, mode: EmbedMode, host: { origin: string; search: string }): string {
  const url = new URL('/', quizOrigin);
  url.searchParams.set(frameParams.mode, mode);
  url.searchParams.set(frameParams.host, host.origin);
  for (const [name, value] of new URLSearchParams(host.search)) {
    if (name.startsWith('utm_')) url.searchParams.set(name, value);
  }
  return url.href;
}

/** Whether `data` is one of our messages (anything may arrive on a page's message channel). */
export function isEmbedMessage(data: unknown): data is EmbedMessage | HostMessage {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === EMBED_MESSAGE_SOURCE;
}

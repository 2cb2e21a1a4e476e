/**
 * The receiver's or mail server's own words about a failed delivery, as the dashboard keeps and
 * shows them ("the technical answer", one click behind the reason in words). A stranger wrote them:
 * an HTML error page, an echo of the lead, controls or direction overrides that would change how the
 * page around them reads. Kept as plain text of at most REPLY_TEXT_LIMIT characters, markup reduced
 * to its text, every e-mail address replaced (the coach sees a lead's address masked: the answer must
 * not show it whole), controls and bidirectional marks as spaces. React escapes what is left.
 */

export const REPLY_TEXT_LIMIT = 300;

/** Controls (line breaks included: the answer is one line), DEL and C1, bidirectional overrides, isolates and marks, zero-widths. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are replaced.
const misleading = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** Anything shaped like an address, in any of the forms an answer may quote it (`<a@b.c>`, `"a"@b.c`, `a@[127.0.0.1]`). */
const address = /<?(?:"[^"\n]*"|[^\s<>()[\]"',;:]*)@[^\s<>()"',;]+>?/gu;

/** The text to keep, or null when nothing readable is left. */
export function replyText(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = raw
    // Only the start is ever shown: never work through a huge answer.
    .slice(0, REPLY_TEXT_LIMIT * 20)
    // Before the markup goes, so a quoted `<you@example.com>` is not mistaken for a tag.
    .replace(address, '[address]')
    .replace(/<(script|style)\b[^>]*>[^]*?<\/\1\s*>/giu, ' ')
    .replace(/<[^>]*>?/gu, ' ')
    .replace(misleading, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (text === '') return null;
  const chars = [...text];
  return chars.length <= REPLY_TEXT_LIMIT ? text : `${chars.slice(0, REPLY_TEXT_LIMIT - 1).join('').trimEnd()}…`;
}

/** An error as a technical answer: its message, with its code where the message does not say it ("connect ECONNREFUSED 127.0.0.1:9"). */
export function errorText(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : 'no answer';
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * The embed script coaches paste (src/embed/embed.ts, built alone into dist/client/embed.js) as the
 * server sends it: with the coach's popup look (the dashboard's embed settings) written over the
 * placeholder the build left in it. Made once at start and again on every change, never per request.
 */
import { EMBED_LOOK_PLACEHOLDER, type EmbedScriptLook } from '../../src/shared/embed-script-look';

const placeholder = new RegExp(`(["'\`])${EMBED_LOOK_PLACEHOLDER}\\1`, 'g');

/** `source` with the look in place of its one placeholder string; throws when the build has none or several. */
export function embedScriptWith(source: string, look: EmbedScriptLook): string {
  const found = source.match(placeholder)?.length ?? 0;
  if (found !== 1) throw new Error(`embed.js should hold its look’s placeholder once, not ${found} times: rebuild it (npm run build).`);
  // A JSON string inside a JS string literal: JSON.stringify twice gives a literal any engine reads back exactly.
  return source.replace(placeholder, () => JSON.stringify(JSON.stringify(look)));
}

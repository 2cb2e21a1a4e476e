/**
 * What the embed script (embed.js, on the coach's page) gets of the coach's embed look
 * (./frame-look.ts derives it): the popup button, and the dialog's panel around the frame (its
 * background; its Close button in the accent). Null: the script's own. Apart from frame-look.ts, so
 * the script imports no rule of it.
 */
export type EmbedScriptLook = {
  buttonText: string | null;
  buttonColour: `#${string}` | null;
  buttonTextColour: `#${string}` | null;
  panelColour: `#${string}` | null;
  accent: `#${string}` | null;
};

/**
 * Written once in the built embed.js, where the server puts the look (a JSON string) each time it
 * serves the file (server/embed/embed-script.ts). Unlikely in any other text of the script.
 */
export const EMBED_LOOK_PLACEHOLDER = '__CORE_DRIVERS_EMBED_LOOK__';

/**
 * The embed script coaches paste (src/embed/embed.ts, built alone into dist/client/embed.js) as the
 * server sends it: with the coach's popup look (the dashboard's embed settings) written over the
 * placeholder the build left in it. Made once at start and again on every change, with its brotli
 * and gzip copies and its ETag, never per request.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SettingValues } from '../../src/shared/coach-settings';
import { EMBED_LOOK_PLACEHOLDER, type EmbedScriptLook } from '../../src/shared/embed-script-look';
import { defaultEmbedLook, embedScriptLook } from '../../src/shared/frame-look';
import type { SettingsService } from '../settings/service';

const placeholder = new RegExp(`(["'\`])${EMBED_LOOK_PLACEHOLDER}\\1`, 'g');

/** `source` with the look in place of its one placeholder string; throws when the build has none or several. */
export function embedScriptWith(source: string, look: EmbedScriptLook): string {
  const found = source.match(placeholder)?.length ?? 0;
  if (found !== 1) throw new Error(`embed.js should hold its look’s placeholder once, not ${found} times: rebuild it (npm run build).`);
  // A JSON string inside a JS string literal: JSON.stringify twice gives a literal any engine reads back exactly.
  return source.replace(placeholder, () => JSON.stringify(JSON.stringify(look)));
}

/** One version of the script as sent: the text, its compressed copies, its ETag. */
export type ScriptVersion = { text: Buffer; br: Buffer; gzip: Buffer; etag: string };

export function scriptVersion(source: string, look: EmbedScriptLook): ScriptVersion {
  const text = Buffer.from(embedScriptWith(source, look), 'utf8');
  return {
    text,
    br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(text, { level: 9 }),
    etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`,
  };
}

/** The script in force: read from the build once, made again when the look changes. */
export class ServedEmbedScript {
  #version: ScriptVersion;

  private constructor(
    private readonly source: string,
    look: EmbedScriptLook,
  ) {
    this.#version = scriptVersion(source, look);
  }

  /** Reads dist/client/embed.js; throws when the build is missing or has no placeholder. */
  static load(distDir: string, look: EmbedScriptLook): ServedEmbedScript {
    return new ServedEmbedScript(readFileSync(join(distDir, 'client', 'embed.js'), 'utf8'), look);
  }

  get current(): ScriptVersion {
    return this.#version;
  }

  update(look: EmbedScriptLook): void {
    this.#version = scriptVersion(this.source, look);
  }
}

/** The script as the settings in force make it (the coach's popup look), made again on every change, on every instance. */
export function liveEmbedScript(distDir: string, settings: Pick<SettingsService, 'values' | 'onChange'>): ServedEmbedScript {
  const lookOf = (values: SettingValues) => embedScriptLook(values.embedLook ?? defaultEmbedLook);
  const script = ServedEmbedScript.load(distDir, lookOf(settings.values));
  settings.onChange((values) => script.update(lookOf(values)));
  return script;
}

/**
 * Headers sent with every response, pages, files, API answers and errors alike.
 *
 * The CSP allows scripts only from this origin (the build has no inline script). Styles also allow
 * 'unsafe-inline' for one reason: sonner, the toast library, injects its stylesheet as a <style>
 * element at run time. Inline styles cannot run code; inline scripts stay forbidden.
 */
import type { ServerConfig } from './config';

export function contentSecurityPolicy(frameAncestors: string, options: { blobImages?: boolean } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // The dashboard shows a chosen picture before it is saved, from the browser's own copy (blob:).
    ...(options.blobImages ? ["img-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
    "form-action 'self'",
  ].join('; ');
}

/**
 * The CSP `frame-ancestors` for the coach's allowed sites (the embed settings, or EMBED_ORIGINS):
 * always `'self'`, for the dashboard's live preview of the embed, then each allowed origin.
 */
export function frameAncestorsFor(embedOrigins: readonly string[]): string {
  return ["'self'", ...embedOrigins].join(' ');
}

export function securityHeaders(config: Pick<ServerConfig, 'hstsMaxAge'>, embedOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(frameAncestorsFor(embedOrigins)),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    // The quiz needs none of these powerful features; nothing embedded may ask for them either.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  // For browsers too old for CSP frame-ancestors; with other sites allowed it could only contradict it.
  if (embedOrigins.length === 0) headers['x-frame-options'] = 'SAMEORIGIN';
  if (config.hstsMaxAge > 0) headers['strict-transport-security'] = `max-age=${config.hstsMaxAge}; includeSubDomains`;
  return headers;
}

/**
 * The headers for the allowed sites in force, made again only when they change (a settings change
 * gives a new list): every response asks, so a change applies to the very next request.
 */
export function liveSecurityHeaders(config: Pick<ServerConfig, 'hstsMaxAge'>, embedOrigins: () => readonly string[]): () => Record<string, string> {
  let origins = embedOrigins();
  let headers = securityHeaders(config, origins);
  return () => {
    const current = embedOrigins();
    if (current !== origins) {
      origins = current;
      headers = securityHeaders(config, origins);
    }
    return headers;
  };
}

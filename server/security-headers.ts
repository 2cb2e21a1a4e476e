/**
 * Headers sent with every response, pages, files, API answers and errors alike.
 *
 * The CSP allows scripts only from this origin (the build has no inline script). Styles also allow
 * 'unsafe-inline' for one reason: sonner, the toast library, injects its stylesheet as a <style>
 * element at run time. Inline styles cannot run code; inline scripts stay forbidden.
 */
import type { ServerConfig } from './config';

export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(config: Pick<ServerConfig, 'frameAncestors' | 'hstsMaxAge'>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config.frameAncestors),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    // The quiz needs none of these powerful features; nothing embedded may ask for them either.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  // For browsers too old for CSP frame-ancestors.
  if (config.frameAncestors === "'none'") headers['x-frame-options'] = 'DENY';
  if (config.frameAncestors === "'self'") headers['x-frame-options'] = 'SAMEORIGIN';
  if (config.hstsMaxAge > 0) headers['strict-transport-security'] = `max-age=${config.hstsMaxAge}; includeSubDomains`;
  return headers;
}

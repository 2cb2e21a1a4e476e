/**
 * The profile and confirm pages' calls to the server (src/shared/profile-api.ts). The token is sent
 * in a POST body, never in a URL.
 */
import { confirmLinkSeparator, type ConfirmResponse, linkTokenPattern, profileApi, type ProfileResponse } from '../shared/profile-api';
import { fetchWithin } from './fetch-within';

/** What a page can do with an answer: show it, say the link is dead, or offer to try again. */
export type LinkResult<T> = { kind: 'ok'; value: T } | { kind: 'dead' } | { kind: 'unavailable' };

/** The token in this page's address fragment (`#<token>`), or null when there is none that could be one. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return linkTokenPattern.test(token) ? token : null;
}

/**
 * A confirm link's two tokens (`#<confirm>.<profile>`): the confirm token, or null when there is none
 * that could be one, and the same e-mail's profile token when the link carries one (older e-mails do not).
 */
export function confirmTokensFromHash(hash: string): { confirm: string | null; profile: string | null } {
  const [confirm = '', profile = '', ...rest] = hash.replace(/^#/, '').split(confirmLinkSeparator);
  if (rest.length > 0) return { confirm: null, profile: null };
  return { confirm: tokenFromHash(confirm), profile: tokenFromHash(profile) };
}

async function post<T>(path: string, token: string): Promise<LinkResult<T>> {
  let response: Response;
  try {
    response = await fetchWithin(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      cache: 'no-store',
    });
  } catch {
    return { kind: 'unavailable' };
  }
  if (response.status === 404 || response.status === 400) return { kind: 'dead' };
  if (!response.ok) return { kind: 'unavailable' };
  return { kind: 'ok', value: (await response.json()) as T };
}

export const fetchProfile = (token: string) => post<ProfileResponse>(profileApi.profile, token);
export const confirmMarketing = (token: string) => post<ConfirmResponse>(profileApi.confirm, token);

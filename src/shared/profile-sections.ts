/**
 * The parts of the private profile page a link in the results e-mail opens at: "See all your tips"
 * opens it at the tips, all of them unfolded; "See all your strengths" at the strengths
 * (`/profile?open=tips#<token>`). The query names only a part of the page: the token stays in the
 * fragment, which the browser never sends.
 */
export const profileSections = ['tips', 'strengths'] as const;
export type ProfileSection = (typeof profileSections)[number];

const key = 'open';

/** The profile link `profileUrl` (absolute, `…/profile#<token>`) opened at `section`. */
export function profileSectionUrl(profileUrl: string, section: ProfileSection): string {
  const url = new URL(profileUrl);
  url.searchParams.set(key, section);
  return url.href;
}

/** The part a page's query (`location.search`) opens the profile at; null for none, or one we do not know. */
export function profileSectionOf(search: string): ProfileSection | null {
  const asked = new URLSearchParams(search).get(key);
  return profileSections.find((section) => section === asked) ?? null;
}

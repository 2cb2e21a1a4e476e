/**
 * Where the coach is in the dashboard, as an address: each view at `/coach#<view>` (#funnel,
 * #leads...), each lead at `/coach/leads/<id>`, so the back button, a bookmark and a reload keep
 * the coach's place. Pure functions; the dashboard (app.tsx) follows the address with them.
 */
import { type View, views } from './content/shell';

export const DASHBOARD_PATH = '/coach';
const LEAD_PREFIX = `${DASHBOARD_PATH}/leads/`;

/** A place in the dashboard: a view, and with the leads, the lead open (or none). */
export type Place = { view: View; leadId: string | null };

export function placeOf(pathname: string, hash: string): Place {
  if (pathname.startsWith(LEAD_PREFIX)) {
    const raw = pathname.slice(LEAD_PREFIX.length).replace(/\/$/, '');
    let id: string | null;
    try {
      id = decodeURIComponent(raw);
    } catch {
      id = null;
    }
    if (id !== null && id !== '' && !raw.includes('/')) return { view: 'leads', leadId: id };
  }
  const name = hash.replace(/^#/, '');
  return { view: (views as readonly string[]).includes(name) ? (name as View) : 'funnel', leadId: null };
}

export const viewHref = (view: View) => `${DASHBOARD_PATH}#${view}`;
export const leadHref = (id: string) => `${LEAD_PREFIX}${encodeURIComponent(id)}`;

export function hrefOf(place: Place): string {
  return place.leadId === null ? viewHref(place.view) : leadHref(place.leadId);
}

export const samePlace = (a: Place, b: Place) => a.view === b.view && a.leadId === b.leadId;

/** A plain click, not one that opens a new tab or window: the dashboard moves by itself. */
export const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

import { describe, expect, test } from 'vitest';
import { hrefOf, leadHref, placeOf } from './location';

describe('placeOf: the dashboard place an address names', () => {
  test.each([
    ['/coach', '', { view: 'funnel', leadId: null }],
    ['/coach', '#settings', { view: 'settings', leadId: null }],
    ['/coach/', '#audit', { view: 'audit', leadId: null }],
    ['/coach', '#nonsense', { view: 'funnel', leadId: null }],
    ['/coach/leads/abc-123', '', { view: 'leads', leadId: 'abc-123' }],
    ['/coach/leads/abc-123/', '#funnel', { view: 'leads', leadId: 'abc-123' }],
    ['/coach/leads/a%20b', '', { view: 'leads', leadId: 'a b' }],
    ['/coach/leads/', '#leads', { view: 'leads', leadId: null }],
    ['/coach/leads/%E0%A4%A', '', { view: 'funnel', leadId: null }],
    ['/coach/leads/a/b', '', { view: 'funnel', leadId: null }],
    ['/coach/setup', '', { view: 'funnel', leadId: null }],
  ])('%s%s', (pathname, hash, place) => {
    expect(placeOf(pathname, hash)).toEqual(place);
  });

  test('a place’s address reads back as the same place', () => {
    for (const place of [{ view: 'settings', leadId: null }, { view: 'leads', leadId: 'x/y?z' }] as const) {
      const url = new URL(hrefOf(place), 'https://quiz.example');
      expect(placeOf(url.pathname, url.hash)).toEqual(place);
    }
    expect(leadHref('x/y?z')).toBe('/coach/leads/x%2Fy%3Fz');
  });
});

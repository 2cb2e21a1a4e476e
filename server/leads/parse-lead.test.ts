import { expect, test } from 'vitest';
import { validLead } from '../test/helpers';
import { parseLead } from './routes';

test.each([
  ['a source is kept', { source: 'newsletter', campaign: 'spring', referrer: 'Blog.Example.org' }, { source: 'newsletter', campaign: 'spring', referrer: 'blog.example.org' }],
  ['an empty source is no source', {}, {}],
  // A source the rules refuse is dropped, never the lead: the page applies the same rules, but a
  // referrer such as an IPv6 literal cannot be counted.
  ['a hidden character drops the source', { source: 'news\u200Bletter' }, undefined],
  ['a bad referrer drops the source', { referrer: '[::1]' }, undefined],
  ['an unexpected key drops the source', { source: 'ads', visitorId: 'abc' }, undefined],
  ['a source that is not an object is dropped', 'newsletter', undefined],
])('%s', (_name, source, expected) => {
  const parsed = parseLead({ ...validLead, source });
  expect(parsed).toMatchObject({ lead: { email: validLead.email } });
  expect('lead' in parsed && parsed.lead.source).toEqual(expected);
});

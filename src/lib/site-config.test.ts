import { expect, test } from 'vitest';
import { defaultSiteConfig, siteConfigElement } from '../shared/site-config';
import { readSiteConfig } from './site-config';

function pageWith(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
}

test('a page without the settings element gets the defaults', () => {
  expect(readSiteConfig(pageWith(''))).toEqual(defaultSiteConfig);
});

test('a broken settings element gets the defaults, not an error', () => {
  expect(readSiteConfig(pageWith('<script type="application/json" id="core-drivers-config">{oops</script>'))).toEqual(defaultSiteConfig);
});

test('the element cannot be closed early by a value holding </script>', () => {
  const element = siteConfigElement({ note: '</script><script>alert(1)</script>' } as never);
  expect(element.match(/<\/script>/g)).toHaveLength(1);
  expect(readSiteConfig(pageWith(element))).toEqual({ ...defaultSiteConfig, note: '</script><script>alert(1)</script>' });
});

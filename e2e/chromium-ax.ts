/**
 * What Chromium itself gives a screen reader, read from its accessibility tree (CDP), where it differs
 * from Playwright's own name computation: Chromium, for one, adds text that a relation points to
 * inside aria-hidden content to the element's name as well.
 */
import type { Page } from '@playwright/test';

type AXValue = { value?: unknown } | undefined;
const text = (value: AXValue) => (typeof value?.value === 'string' ? value.value : '');

/** An element as a screen reader meets it: its role, name and description. */
export type Heard = { role: string; name: string; description: string };

async function axTree(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    return (await cdp.send('Accessibility.getFullAXTree')).nodes;
  } finally {
    await cdp.detach();
  }
}

/** Every element of this role whose name (as Chromium computes it) contains `part`. */
export async function heardAs(page: Page, role: string, part: string): Promise<Heard[]> {
  return (await axTree(page))
    .filter((node) => !node.ignored && text(node.role) === role && text(node.name).includes(part))
    .map((node) => ({ role, name: text(node.name), description: text(node.description) }));
}

/** The element that has focus, as a screen reader meets it on landing there. */
export async function focusedHeardAs(page: Page): Promise<Heard | undefined> {
  const focused = (await axTree(page)).filter(
    (node) => !node.ignored && text(node.role) !== 'RootWebArea' && node.properties?.some((property) => property.name === 'focused' && property.value.value === true),
  );
  const node = focused.at(-1);
  return node && { role: text(node.role), name: text(node.name), description: text(node.description) };
}

/** The text each polite or assertive live region holds for a screen reader to announce (aria-hidden parts left out). */
export async function liveRegionTexts(page: Page): Promise<string[]> {
  const nodes = await axTree(page);
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const live = (node: (typeof nodes)[number]) =>
    node.properties?.some((property) => property.name === 'live' && ['polite', 'assertive'].includes(text(property.value))) ?? false;
  const spoken = (node: (typeof nodes)[number] | undefined): string[] => {
    if (!node || node.ignoredReasons?.some((reason) => reason.name.startsWith('ariaHidden'))) return [];
    // An ignored node (a plain wrapper) is not heard itself; what it holds can be.
    if (text(node.role) === 'StaticText') return node.ignored ? [] : [text(node.name)];
    return (node.childIds ?? []).flatMap((id) => spoken(byId.get(id)));
  };
  const inLiveParent = (node: (typeof nodes)[number]) => {
    const parent = node.parentId === undefined ? undefined : byId.get(node.parentId);
    return parent !== undefined && live(parent);
  };
  const roots = nodes.filter((node) => !node.ignored && live(node) && !inLiveParent(node));
  return roots.map((root) => spoken(root).join(' ').replace(/\s+/g, ' ').trim()).filter(Boolean);
}

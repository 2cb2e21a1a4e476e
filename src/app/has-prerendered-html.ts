/**
 * True when the server sent the page's HTML already rendered (landing, quiz, not-found), so React
 * must hydrate it. Only elements count: index.html's `<!--app-html-->` placeholder, left in place
 * by `npm run dev` and by the results shell, is a comment, and white space is text.
 */
export function hasPrerenderedHtml(container: Element): boolean {
  return container.firstElementChild !== null;
}

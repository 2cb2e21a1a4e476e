/**
 * A webhook's address as the coach may see it on a screen: where leads go, without what lets
 * someone else send there. The user name and password go, and each query value becomes "…" (a
 * token often travels as ?key=...), so only the parameters' names show. The path stays: it is how
 * the coach recognises the address. Not for addresses that are not URLs: they read "(not a valid address)".
 */
export function displayAddress(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return '(not a valid address)';
  }
  const names = [...url.searchParams.keys()];
  const query = names.length === 0 ? '' : `?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}`;
  return `${url.protocol}//${url.host}${url.pathname}${query}`;
}

/**
 * An e-mail address shown where a list only needs to recognise the person: the first character of
 * the local part, then "…", and the domain as it is ("ana.lopez@example.com" → "a…@example.com").
 */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${[...address.slice(0, at)][0] ?? ''}…${address.slice(at)}`;
}

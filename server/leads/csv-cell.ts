/**
 * The export's cells (server/leads/admin.ts): what a spreadsheet or an e-mail tool reads from each
 * value. Pure functions; server/README.md (*The coach's commands*, `export`) says what they change.
 *
 * Every cell is quoted (RFC 4180), so no program that honours quotes splits it. But import dialogs
 * can be told to split on other characters, and some ignore quotes; a cell starting with = + - @ (or
 * a tab or carriage return some programs skip first) is then taken for a formula. So wherever a
 * spreadsheet could start a cell, an apostrophe goes first: spreadsheets show the text and hide the
 * apostrophe.
 *
 * An e-mail address is the exception when it is plain: letters, digits and . _ + - before the @,
 * letters, digits, . and - after it. No formula made of those can call a function (that needs `(`),
 * reach another program (DDE needs `|` and `!`) or another file (`[`, `!`), so it cannot do harm; at
 * worst a spreadsheet shows `+tag@example.com` as an error. An apostrophe there would change the
 * address itself: an e-mail tool importing the file would store `'+tag@example.com`, which is not the
 * subscriber's address. Any other address that could start a formula gets the apostrophe. The
 * address is a line's first cell, so a program that splits the line elsewhere may read it together
 * with the cells after it: those are all quoted, which a formula reads as string literals (CSV and
 * spreadsheet formulas escape a quote the same way, by doubling it), so they cannot add a call either.
 */

/**
 * Where a spreadsheet may start a cell: at the start of the value, or after any character an import
 * may split on (comma, semicolon, tab, pipe, space, colon), past spaces and quotes.
 */
const formulaStart = /(?<=(?:^|[,;\t|: ])[ "]*)(?=[=+\-@\t\r])/g;
const formulaCharacter = /[=+\-@\t\r]/;
/** An address no formula made of its characters can do harm with (see above). */
const plainAddress = /^[\p{L}\p{N}._+-]+@[\p{L}\p{N}.-]+$/u;

const quoted = (text: string) => `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;

/** One CSV cell, quoted, with an apostrophe wherever a spreadsheet could start a formula. */
export function csvCell(value: string | number): string {
  const text = String(value);
  // Most cells hold none of the characters a formula starts with: skip the regular expression.
  return quoted(formulaCharacter.test(text) ? text.replace(formulaStart, "'") : text);
}

/** The e-mail address cell: a plain address exactly as stored; any other as `csvCell` writes it. */
export function addressCell(email: string): string {
  return plainAddress.test(email) ? quoted(email) : csvCell(email);
}

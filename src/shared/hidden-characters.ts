/**
 * The Unicode policy for text people type (e-mail addresses, first names) and text that names where
 * a visit came from (UTM values): refused when it holds characters no person types into a form or
 * that hide what it says. An address that looks the same as another must be the same address, a name
 * must display as what it is, and a source on the coach's dashboard must be what it looks like (two
 * "newsletter" rows, one with a zero-width space, would be two sources). Its own module, without
 * valibot, so the funnel beacon in every page's first script can apply it too.
 */

/** Characters that show nothing although they are not format characters, and U+FFFC, U+FFFD. */
const blankLooking = ['\\u115F', '\\u1160', '\\u3164', '\\uFFA0', '\\u2800', '\\u034F', '\\uFFFC', '\\uFFFD'].join('|');

/**
 * Unicode policy for e-mail addresses: no format character (Cf: bidi marks and controls, zero-width
 * spaces and joiners, soft hyphen, tag characters, BOM), no control (Cc), surrogate or private-use
 * character, no separator (Z: every space, U+2028, U+2029), nothing blank-looking.
 */
const hiddenInEmail = new RegExp(`[\\p{Cf}\\p{Cc}\\p{Cs}\\p{Co}\\p{Z}]|${blankLooking}`, 'u');
const everyHiddenInEmail = new RegExp(hiddenInEmail.source, 'gu');

/**
 * Unicode policy for names: the same, except that the plain space is fine and ZWNJ and ZWJ are kept
 * between letters (Persian and Indic names need them).
 */
const hiddenInName = new RegExp(`[\\p{Cf}\\p{Cc}\\p{Cs}\\p{Co}\\p{Zl}\\p{Zp}]|(?! )\\p{Zs}|${blankLooking}`, 'u');
const joinerBetweenLetters = /(?<=[\p{L}\p{M}])(?:\u200C|\u200D)(?=[\p{L}\p{M}])/gu;

/** True when an e-mail address holds a character the policy refuses. */
export function hasHiddenCharacterInEmail(email: string): boolean {
  return hiddenInEmail.test(email);
}

/**
 * The address without the characters the policy refuses: lets the coach's erase find an address
 * stored before the policy existed (`bi-20<U+200B>@example.com` is erased as `bi-20@example.com`).
 */
export function withoutHiddenCharacters(email: string): string {
  return email.replace(everyHiddenInEmail, '');
}

/** True when a name holds a character the policy refuses (joiners between letters are allowed). */
export function hasHiddenCharacterInName(name: string): boolean {
  return hiddenInName.test(name.replace(joinerBetweenLetters, ''));
}

/**
 * True when a UTM value (utm_source, utm_medium, utm_campaign) holds a character the names' policy
 * refuses: as in a name, a plain space is fine and so are joiners between letters.
 */
export function hasHiddenCharacterInUtm(value: string): boolean {
  return hasHiddenCharacterInName(value);
}

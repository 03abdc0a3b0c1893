/**
 * A patient's phone number as Myanmar numbers are written: 09 420 000 101, 09-420-000-101,
 * +95 9 420 000 101, 0095 9420000101 (a landline: 01 234 567). Stored normalised, as the national
 * number in digits with its leading 0 (09420000101), so the same phone typed two ways is one phone
 * (the duplicate check, a `tel:` link); the form shows it as it was typed (docs/decisions/0161-myanmar-phone-numbers.md).
 */

/** What may separate the digits. */
const SEPARATORS = /[\s\-.()]/g;
/** The country code, +95 or 0095, before a national number written with or without its 0. */
const INTERNATIONAL = /^(?:\+|00)95(\d+)$/;
/** A national number: 0, an area or mobile prefix (not 0), then 5 to 9 digits (7 to 11 in all). */
const NATIONAL = /^0[1-9]\d{5,9}$/;

/** The number in its stored form (09420000101), or null when it is not a Myanmar phone number. */
export function myanmarPhone(typed: string): string | null {
  const compact = typed.replace(SEPARATORS, '');
  const international = INTERNATIONAL.exec(compact);
  const national = international ? `0${international[1]!.replace(/^0/, '')}` : compact;
  return NATIONAL.test(national) ? national : null;
}

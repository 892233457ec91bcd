/**
 * Turkish folding: the one function used at ingest (catalogue matching) and at the edge
 * (search `normalised`). Plain toLowerCase() turns "İ" into "i̇" (i + combining dot), and
 * "I" into "i" instead of "ı"; so lower-case with the Turkish rules first, then strip the
 * Turkish diacritics, then reduce every run of other characters to one space.
 */
const DIACRITICS: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

export function turkishLower(text: string): string {
  return text.replace(/İ/g, 'i').replace(/I/g, 'ı').toLocaleLowerCase('tr-TR');
}

/**
 * Keys already folded: an import folds the same few hundred printed names hundreds of thousands of
 * times, and Turkish lower-casing goes through ICU. Emptied when full, so the worker's memory stays
 * bounded whatever it is asked.
 */
const folded = new Map<string, string>();
const FOLDED_AT_MOST = 10_000;

/** The match key: Turkish lower case, no diacritics, [a-z0-9] words separated by single spaces. */
export function fold(text: string): string {
  let key = folded.get(text);
  if (key === undefined) {
    if (folded.size >= FOLDED_AT_MOST) folded.clear();
    folded.set(text, (key = foldOnce(text)));
  }
  return key;
}

function foldOnce(text: string): string {
  const lower = turkishLower(text.normalize('NFC'));
  let out = '';
  for (const ch of lower) out += DIACRITICS[ch] ?? ch;
  // Other marks (combining characters from NFD input, accents of foreign names) are dropped.
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A slug as the contract's path pattern wants it: ^[a-z0-9]+(?:-[a-z0-9]+)*$ */
export function slugify(text: string): string {
  return fold(text).replace(/ /g, '-');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Letters and digits left after folding: search needs at least two of them. */
export function foldedLength(text: string): number {
  return fold(text).replace(/ /g, '').length;
}

/**
 * Turkish price text → number. Handles `12,50`, `1.234,56`, `80.00 ₺`, `55,00TL`,
 * `70,00<span> TL</span>` (after tag stripping), `4.0`, and placeholders. Returns null for a
 * placeholder (no quote) and throws for text that is neither, so a changed layout is loud.
 */
const PLACEHOLDERS = new Set([
  '',
  '-',
  '--',
  '---',
  '**',
  'fiyat bekleniyor',
  'mevcut degil',
  'mevcut değil',
  'veri yok',
  'yok',
]);

export class PriceFormatError extends Error {}

export function parseTurkishNumber(raw: string): number | null {
  const text = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/₺|\bTL\b|TL$|\u00a0/gi, ' ')
    .trim();
  // Digits first: most cells are numbers, and Turkish lower-casing (for the placeholders) goes through ICU.
  if (!/^-?[\d.,]+$/.test(text)) {
    if (PLACEHOLDERS.has(text.toLocaleLowerCase('tr-TR'))) return null;
    throw new PriceFormatError(`not a price: ${JSON.stringify(raw)}`);
  }
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let normal: string;
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the last one is the decimal separator (`1.234,56` or `1,234.56`).
    normal = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (lastComma >= 0) {
    normal = text.replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text) && !/^\d+\.\d{3}$/.test(text)) {
    // `1.234.567`: grouping dots only. A single `1.500` stays ambiguous and reads as 1.5,
    // which is what the decimal-point sources print.
    normal = text.replace(/\./g, '');
  } else {
    normal = text;
  }
  const value = Number(normal);
  if (!Number.isFinite(value)) throw new PriceFormatError(`not a price: ${JSON.stringify(raw)}`);
  return value;
}

/** Round to kuruş (two decimals) without binary drift: 42.5 stays 42.5, 1.005 → 1.01. */
export function roundKurus(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * Tokat Belediyesi hal prices: GET `https://www.tokat.bel.tr/hal-fiyatlari` → one HTML table
 * Ürün · Tür · Birim · En Düşük · En Yüksek · Önceki · Değişim. Built from SOURCES.md; no real
 * document has proven it yet.
 *
 * Quirks handled here: prices with a decimal POINT, `12.00 ₺` (the shared reader takes `12.00`
 * as twelve); Tür is the source's group; Önceki (the previous price) and Değişim (the change)
 * are not today's prices and stay in `printed` only; the page takes no date and prints none
 * known to us, so the data day is the requested day.
 */
import type { Parser } from '../types.ts';
import { datelessTableParser } from '../lib/table.ts';

export const PARSER = 'tokat-table';
const MARKET = 'tokat-sebze-meyve';

/** Tür is the source's group; Önceki and Değişim have no label, so they stay in `printed` only. */
const LABELS = { name: 'urun', group: 'tur', unit: 'birim', min: 'en dusuk', max: 'en yuksek' } as const;

// Quirk: `12.00 ₺` has a decimal POINT; the shared price reader takes `12.00` as twelve.
export const tokatTable: Parser = datelessTableParser({
  parser: PARSER,
  market: MARKET,
  labels: LABELS,
  header: 'Ürün · Tür · Birim · En Düşük · En Yüksek',
});

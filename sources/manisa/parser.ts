/**
 * Manisa Büyükşehir Belediyesi hal prices: GET `https://www.manisa.bel.tr/apps/sebzemeyvehali/`
 * → one HTML table Tip · Adı · Birim · En Az · En Çok. Built from SOURCES.md; no real document
 * has proven it yet.
 *
 * Quirks handled here: prices `110,00 TL`; Tip (MEYVE/SEBZE) is the source's group; columns are
 * found by their header text; the page takes no date and prints none known to us, so the data
 * day is the requested day.
 */
import type { Parser } from '../types.ts';
import { datelessTableParser } from '../lib/table.ts';

export const PARSER = 'manisa-table';
const MARKET = 'manisa-sebze-meyve';

/** Tip (MEYVE/SEBZE) is the source's group. */
const LABELS = { group: 'tip', name: 'adi', unit: 'birim', min: 'en az', max: 'en cok' } as const;

export const manisaTable: Parser = datelessTableParser({
  parser: PARSER,
  market: MARKET,
  labels: LABELS,
  header: 'Tip · Adı · Birim · En Az · En Çok',
});

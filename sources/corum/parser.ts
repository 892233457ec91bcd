/**
 * Çorum Belediyesi hal prices: GET `https://www.corum.bel.tr/hal-fiyatlari` → one HTML table
 * Ürün · En Düşük · En Yüksek · Birim (a change-icon column may follow). Built from SOURCES.md;
 * no real document has proven it yet.
 *
 * Quirks handled here: prices `160,00 ₺`; columns are found by their header text, so an extra
 * column does not shift them; the page prints no date known to us, so the data day is the
 * requested day.
 */
import type { Parser } from '../types.ts';
import { datelessTableParser } from '../lib/table.ts';

export const PARSER = 'corum-table';
const MARKET = 'corum-sebze-meyve';

/** Folded header labels; a header cell may add words (`En Düşük Fiyat`), and the change-icon column has none. No group column. */
const LABELS = { name: 'urun', min: 'en dusuk', max: 'en yuksek', unit: 'birim' } as const;

// One-cell notes ("Güncel fiyat bulunmamaktadır") under the header are not price rows: no list.
export const corumTable: Parser = datelessTableParser({
  parser: PARSER,
  market: MARKET,
  labels: LABELS,
  header: 'Ürün · En Düşük · En Yüksek · Birim',
});

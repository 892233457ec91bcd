/**
 * One price row of /prices/export as the cells of core/export-columns.ts. The default file keeps
 * the API's codes (a program reads them); the Turkish file (locale=tr) spells freshness, warnings
 * and the averaging method out in Turkish words, for the people who open it in a spreadsheet.
 * Links are absolute, so a spreadsheet can open them.
 */
import { AVG_PRICE_METHOD_WORDS, FRESHNESS_WORDS, inWords, WARNING_WORDS } from '../../core/turkish-words.ts';
import type { CsvCell } from './csv.ts';

/** A stored price row (the lines of the /prices collections and of the latest rows). */
export type StoredPriceRow = {
  id: string;
  productName: string;
  productSlug: string;
  categorySlug: string;
  marketName: string;
  marketSlug: string;
  cityName: string;
  minPrice: number | null;
  maxPrice: number | null;
  avgPrice: number;
  avgPriceMethod: string;
  unit: string;
  currency: string;
  recordedDate: string;
  sourceName: string;
  sourceUrl: string;
  isOfficialSource: boolean;
  source: string;
  freshness: string;
  warnings: string[];
  qualityFlags: string[];
  observationUrl: string;
  documentUrl: string | null;
};

/** `origin`: the request's, for the observation links; `applied` and `exportedAt`: the same on every row. */
export type ExportContext = { words: boolean; origin: string; applied: string; exportedAt: string };

export function exportCells(r: StoredPriceRow, ctx: ExportContext): CsvCell[] {
  const method = ctx.words ? inWords(AVG_PRICE_METHOD_WORDS, r.avgPriceMethod) : r.avgPriceMethod;
  const freshness = ctx.words ? inWords(FRESHNESS_WORDS, r.freshness) : r.freshness;
  const warnings = ctx.words ? r.warnings.map((w) => inWords(WARNING_WORDS, w)).join('; ') : r.warnings.join('|');
  return [
    r.productName,
    r.productSlug,
    r.categorySlug,
    r.marketName,
    r.marketSlug,
    r.cityName,
    r.minPrice,
    r.maxPrice,
    r.avgPrice,
    method,
    r.unit,
    r.currency,
    r.recordedDate,
    r.sourceName,
    r.sourceUrl,
    r.isOfficialSource ? 'evet' : 'hayır',
    r.source,
    freshness,
    warnings,
    r.qualityFlags.join('|'),
    new URL(r.observationUrl, ctx.origin).href,
    r.documentUrl ?? '',
    ctx.applied,
    ctx.exportedAt,
  ];
}

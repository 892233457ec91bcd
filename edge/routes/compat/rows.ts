/**
 * Stored price rows (the lines of the /prices collections) in the compatibility prefix's shapes:
 * prices as decimal strings with two decimals and a dot ("12.50"), only the variant's keys, in
 * its order. The edge reshapes at most a page of rows or an export (core/compat/routes.ts).
 */
/** The keys of a stored row that the variant's shapes read. */
export type StoredCompatRow = {
  id: string;
  marketName: string;
  productName: string;
  minPrice: number | null;
  maxPrice: number | null;
  avgPrice: number;
  unit: string;
  recordedDate: string;
  sourceName: string;
  isStale: boolean;
  qualityFlags: string[];
};

/** A price as the variant writes it; null stays null (a source that prints no minimum). */
export function decimalString(value: number): string;
export function decimalString(value: number | null): string | null;
export function decimalString(value: number | null): string | null {
  return value === null ? null : value.toFixed(2);
}

/** An item of the variant's /prices. */
export function compatPriceItem(r: StoredCompatRow) {
  return {
    id: r.id,
    marketName: r.marketName,
    productName: r.productName,
    minPrice: decimalString(r.minPrice),
    maxPrice: decimalString(r.maxPrice),
    avgPrice: decimalString(r.avgPrice),
    unit: r.unit,
    recordedDate: r.recordedDate,
    sourceName: r.sourceName,
    isStale: r.isStale,
    qualityFlags: r.qualityFlags,
  };
}

const decoder = new TextDecoder();

/** Serialized rows as objects. */
export const parseRows = (rows: readonly Uint8Array[]): StoredCompatRow[] =>
  rows.map((line) => JSON.parse(decoder.decode(line)) as StoredCompatRow);

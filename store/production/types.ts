/** A production document as its parser reads it: the rows and what the file says about itself. */
export type ProductionRow = {
  region: string;
  year: number;
  /** as printed, trimmed */
  productName: string;
  /** NULL: missing (`-`, an empty cell, a known defect), never 0 t */
  quantityTons: number | null;
  areaHectares: number | null;
};

export type ParsedProduction = {
  table: string;
  title: string;
  /** the file's own `Kaynak:` line; null when it has none */
  sourceLine: string | null;
  /** what every row carries as its source */
  source: string;
  rows: ProductionRow[];
  /** rows the parser leaves out on purpose, by reason (counted in the import's summary) */
  leftOut: Record<string, number>;
};

const DECARES_PER_HECTARE = 10;

/** Hectares to one decimal, as decares ÷ 10 is exact in tenths. */
export function hectares(decares: number | null): number | null {
  return decares === null ? null : Math.round(decares) / DECARES_PER_HECTARE;
}

import type { Day } from '../../core/dates.ts';

/** One price line exactly as a document prints it, before any catalogue or unit work. */
export type PrintedRow = {
  dataDay: Day;
  /** the source's market key (a source can publish several markets) */
  market: string;
  name: string;
  unit: string;
  /** the source's own grouping column (SEBZE, MEYVE, İTHAL, BALIK …), null when absent */
  group: string | null;
  min: number | null;
  max: number | null;
  avg: number | null;
  /** the row's text in the document, kept as evidence */
  printed: string;
  /** where it stands in the document, e.g. `line 12` or `HalFiyatListesi[3]` */
  location: string;
};

export type ParsedDocument = {
  rows: PrintedRow[];
  /** bulletin days the document declares, including days that print no row */
  bulletinDays: Day[];
};

/** The layout is not what the parser knows: keep the document, mark the source broken. */
export class LayoutError extends Error {
  constructor(
    readonly parser: string,
    message: string,
  ) {
    super(`${parser}: ${message}`);
  }
}

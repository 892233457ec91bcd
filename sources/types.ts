/**
 * The types of the sources layer. One adapter per official source, in `sources/<key>/index.ts`:
 * the registry entry, the real archive documents the repository holds (if any), and the live
 * collection. Parsing is pure (document → rows as printed); fetching is the only impure step.
 */
import type { Day } from '../core/dates.ts';
import type { HttpClient } from './lib/http.ts';

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

/** ISO weekday: 1 is Monday. */
type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

type MarketDefinition = {
  /** market short name, the `market` filter value */
  slug: string;
  name: string;
  province: string;
  district: string | null;
  /** sebze-meyve (fruit and vegetable hall), balik (fish hall), ulusal (national average) */
  kind: 'sebze-meyve' | 'balik' | 'ulusal';
};

/** What every official source declares once; it feeds scraping, /sources/status, /markets and attribution. */
export type SourceDefinition = {
  key: string;
  /** stable registry number, encoded in observation ids (never reuse one) */
  number: number;
  name: string;
  organisation: string;
  kind: 'municipal' | 'national' | 'association';
  /** the source's publishing page */
  url: string | null;
  method: string;
  licence: string | null;
  attribution: string;
  /** ISO weekdays the source publishes on */
  publishingDays: Weekday[];
  /** Europe/Istanbul time window in which the day's list appears, e.g. `08:00-12:00` */
  publishWindow: string | null;
  /** 1 when the list published on day D holds the data of D−1 (İBB, HKS) */
  dataLagDays: number;
  /** open to automatic collection */
  enabled: boolean;
  /** verified once a real document proved the parser */
  verification: 'verified' | 'unverified';
  note: string;
  markets: MarketDefinition[];
};

/** A document's bytes with what we know of where and when they came from. */
export type SourceDocument = {
  url: string;
  /** null when the moment of download is not known (archive copies) */
  fetchedAt: string | null;
  contentType: string;
  bytes: Uint8Array;
  /** the data day the document was requested for, when the document itself does not say it */
  requestedDay?: Day | null;
};

export type Parser = {
  id: string;
  version: number;
  parse(document: SourceDocument): ParsedDocument;
};

/** A real document kept in data/sources/<key>/ and the parser that reads it. */
export type ArchiveDocument = SourceDocument & {
  /** repository path of the bytes */
  storedPath: string;
  parser: Parser;
};

export type CollectContext = {
  /** the data day to collect (Europe/Istanbul) */
  day: Day;
  /** the run's calendar day (Europe/Istanbul), set by the scrape: sources that serve only today's list collect it whatever `day` is */
  today?: Day;
  http: HttpClient;
  log(line: string): void;
};

/** A fetched document and the parser to read it; `none` = the source said it has no list. */
export type Collected = { document: SourceDocument; parser: Parser } | { none: string };

export type SourceAdapter = {
  definition: SourceDefinition;
  /** real documents in the repository (or in another archive directory `root`), imported by every default build */
  archive?(root?: string): ArchiveDocument[];
  /** live collection for one day; throws HttpStatusError / NetworkError / LayoutError */
  collect?(ctx: CollectContext): Promise<Collected[]>;
};

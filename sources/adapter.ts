/**
 * One adapter per official source, in `sources/<key>/index.ts`: the registry entry, the real
 * archive documents the repository holds (if any), and the live collection. Parsing is pure
 * (document → rows as printed); fetching is the only impure step.
 */
import type { Day } from '../core/dates.ts';
import type { HttpClient } from './lib/http.ts';
import type { ParsedDocument } from './lib/types.ts';
import type { SourceDefinition } from './registry-types.ts';

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

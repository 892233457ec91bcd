/**
 * Stores one document as evidence and its printed rows as observations. A document already
 * stored (same sha256) is skipped whole, so re-reading an unchanged document adds nothing; a
 * changed document for a day already known updates that day's observations in place (same ids)
 * and the evidence then points at the newer document. A document its parser refused is kept
 * as evidence without rows (`refuseDocument`) until a parser reads it.
 */
import { createHash } from 'node:crypto';
import { sha256HexSync } from '../core/digest-sync.ts';
import { encodeObservationId } from '../core/observation-id.ts';
import { fold } from '../core/turkish.ts';
import type { Catalogue } from '../sources/catalogue.ts';
import { normalisePrice } from '../sources/lib/normalise.ts';
import type { ParsedDocument, Parser, SourceDefinition, SourceDocument } from '../sources/types.ts';
import type { Db } from './db.ts';

export type DocumentMeta = {
  kind: 'archive' | 'live';
  url: string;
  fetchedAt: string | null;
  contentType: string;
  parser: string;
  parserVersion: number;
  storedPath: string;
};

/** The meta of a document `parser` reads, its bytes kept at `storedPath`. */
export function documentMeta(
  kind: DocumentMeta['kind'],
  document: SourceDocument,
  parser: Parser,
  storedPath: string,
): DocumentMeta {
  const { url, fetchedAt, contentType } = document;
  return { kind, url, fetchedAt, contentType, parser: parser.id, parserVersion: parser.version, storedPath };
}

export type IngestReport = {
  sha256: string;
  skipped: boolean;
  rows: number;
  observations: number;
  rejected: Record<string, number>;
  unmatchedRows: number;
  bulletinDays: number;
  /** the document was stored as refused by an earlier import and is read now */
  readAfterRefusal: boolean;
};

export function ingestDocument(
  db: Db,
  source: SourceDefinition,
  catalogue: Catalogue,
  bytes: Uint8Array,
  meta: DocumentMeta,
  parsed: ParsedDocument,
): IngestReport {
  const sha256 = sha256HexSync(bytes);
  const stored = db.prepare('SELECT refused FROM documents WHERE sha256 = ?').get(sha256) as
    | { refused: string | null }
    | undefined;
  const report: IngestReport = {
    sha256,
    skipped: false,
    rows: parsed.rows.length,
    observations: 0,
    rejected: {},
    unmatchedRows: 0,
    bulletinDays: 0,
    readAfterRefusal: false,
  };
  if (stored && stored.refused === null) return { ...report, skipped: true };

  const st = statements(db);
  db.transaction(() => {
    if (stored) {
      // Refused documents hold no rows: the record is replaced by the document as read.
      db.prepare('DELETE FROM documents WHERE sha256 = ?').run(sha256);
      report.readAfterRefusal = true;
    }
    const documentId = Number(
      st.document.run({
        sha256,
        source: source.key,
        ...meta,
        bytes: bytes.byteLength,
        bulletinDays: parsed.bulletinDays.length,
      }).lastInsertRowid,
    );
    const repeats = new Map<string, number>();
    const bulletins = new Set<string>();
    for (const row of parsed.rows) {
      const price = normalisePrice(row);
      if ('reason' in price) {
        report.rejected[price.reason] = (report.rejected[price.reason] ?? 0) + 1;
        continue;
      }
      const matchKey = fold(row.name);
      const naturalKey = `${source.key}|${row.market}|${matchKey}|${price.unit}|${row.dataDay}`;
      const repeat = repeats.get(naturalKey) ?? 0;
      repeats.set(naturalKey, repeat + 1);
      const flags = repeat > 0 ? [...price.flags, 'repeated_in_document'] : price.flags;
      const nameId = sourceNameId(st, catalogue, source.key, row.name, matchKey, price.unit, row.unit, row.dataDay);
      const hash = createHash('sha256').update(`${naturalKey}|${repeat}`).digest();
      st.observation.run({
        id: encodeObservationId(row.dataDay, source.number, hash),
        source: source.key,
        market: row.market,
        nameId,
        day: row.dataDay,
        repeat,
        min: price.min,
        max: price.max,
        avg: price.avg,
        avgMethod: price.avgMethod,
        unit: price.unit,
        unitPrinted: row.unit,
        // The store's plausibility pass adds to quality_flags what other rows say (store/implausible-values.ts).
        flags: JSON.stringify(flags),
        documentId,
        location: row.location,
        printed: row.printed,
      });
      report.observations++;
      bulletins.add(`${row.market}|${row.dataDay}`);
    }
    // A day's bulletin can span several documents (İBB: fruit, vegetables, imported): count what is stored.
    for (const key of bulletins) {
      const [market, day] = key.split('|') as [string, string];
      const list = st.bulletinList.all(source.key, market, day) as unknown[][];
      st.bulletin.run(source.key, market, day, documentId, list.length, listFingerprint(list));
      report.bulletinDays++;
    }
    st.documentRows.run(report.observations, documentId);
  })();
  report.unmatchedRows = db
    .prepare(`SELECT count(*) FROM observations o JOIN source_names n ON n.id = o.source_name_id
                WHERE o.document_id = (SELECT id FROM documents WHERE sha256 = ?) AND n.variant_slug IS NULL`)
    .pluck()
    .get(sha256) as number;
  return report;
}

/**
 * Keeps a document its parser refused as evidence, without rows, `refused` saying why. Bytes
 * already stored as a read document stay as they are.
 */
export function refuseDocument(
  db: Db,
  source: SourceDefinition,
  bytes: Uint8Array,
  meta: DocumentMeta,
  reason: string,
): void {
  db.prepare(`INSERT INTO documents (sha256, source_key, kind, url, fetched_at, bytes, content_type, parser, parser_version, stored_path, refused)
      VALUES (@sha256, @source, @kind, @url, @fetchedAt, @bytes, @contentType, @parser, @parserVersion, @storedPath, @refused)
    ON CONFLICT(sha256) DO UPDATE SET url = excluded.url, parser = excluded.parser, parser_version = excluded.parser_version,
      stored_path = excluded.stored_path, refused = excluded.refused
    WHERE documents.refused IS NOT NULL`).run({
    sha256: sha256HexSync(bytes),
    source: source.key,
    ...meta,
    bytes: bytes.byteLength,
    refused: reason,
  });
}

/**
 * What a day's list is, to tell a repeated list from a new one (store/bulletins.ts): its row count
 * and a hash of every row's printed name and prices, in a fixed order. Totals alone (count, sum of
 * averages) call a list that moved one price up and another down by as much a repeat.
 */
function listFingerprint(rows: readonly unknown[][]): string {
  return `${rows.length}:${sha256HexSync(JSON.stringify(rows)).slice(0, 32)}`;
}

type Statements = ReturnType<typeof statements>;

function statements(db: Db) {
  return {
    document:
      db.prepare(`INSERT INTO documents (sha256, source_key, kind, url, fetched_at, bytes, content_type, parser, parser_version, stored_path, bulletin_days)
      VALUES (@sha256, @source, @kind, @url, @fetchedAt, @bytes, @contentType, @parser, @parserVersion, @storedPath, @bulletinDays)`),
    documentRows: db.prepare('UPDATE documents SET rows = ? WHERE id = ?'),
    findName: db.prepare('SELECT id FROM source_names WHERE source_key = ? AND match_key = ? AND unit = ?').pluck(),
    insertName:
      db.prepare(`INSERT INTO source_names (source_key, raw_name, match_key, unit, raw_unit, variant_slug, method, confidence, reviewed_at, first_day, last_day)
      VALUES (@source, @rawName, @matchKey, @unit, @rawUnit, @variant, @method, @confidence, @reviewedAt, @day, @day)`),
    touchName: db.prepare(`UPDATE source_names SET row_count = row_count + 1,
      first_day = min(first_day, @day), last_day = max(last_day, @day) WHERE id = @id`),
    observation:
      db.prepare(`INSERT INTO observations (id, source_key, market_slug, source_name_id, data_day, repeat, min_price, max_price,
        avg_price, avg_method, unit, unit_printed, quality_flags, row_flags, document_id, location, printed)
      VALUES (@id, @source, @market, @nameId, @day, @repeat, @min, @max, @avg, @avgMethod, @unit, @unitPrinted, @flags, @flags, @documentId, @location, @printed)
      ON CONFLICT(id) DO UPDATE SET min_price = excluded.min_price, max_price = excluded.max_price, avg_price = excluded.avg_price,
        avg_method = excluded.avg_method, unit_printed = excluded.unit_printed, quality_flags = excluded.quality_flags, row_flags = excluded.row_flags,
        document_id = excluded.document_id, location = excluded.location, printed = excluded.printed`),
    bulletinList: db
      .prepare(
        `SELECT source_name_id, repeat, min_price, max_price, avg_price FROM observations
         WHERE source_key = ? AND market_slug = ? AND data_day = ? ORDER BY source_name_id, repeat`,
      )
      .raw(),
    bulletin:
      db.prepare(`INSERT INTO bulletins (source_key, market_slug, data_day, document_id, rows, fingerprint) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT(source_key, market_slug, data_day) DO UPDATE SET document_id = excluded.document_id, rows = excluded.rows, fingerprint = excluded.fingerprint`),
  };
}

function sourceNameId(
  st: Statements,
  catalogue: Catalogue,
  source: string,
  rawName: string,
  matchKey: string,
  unit: string,
  rawUnit: string,
  day: string,
): number {
  let id = st.findName.get(source, matchKey, unit) as number | undefined;
  if (id === undefined) {
    const match = catalogue.match(source, rawName, unit);
    id = Number(
      st.insertName.run({
        source,
        rawName,
        matchKey,
        unit,
        rawUnit,
        variant: match?.variant ?? null,
        method: match?.method ?? null,
        confidence: match?.confidence ?? null,
        reviewedAt: match?.reviewedAt ?? null,
        day,
      }).lastInsertRowid,
    );
  }
  st.touchName.run({ id, day });
  return id;
}

/**
 * Evidence for /observations/{id}: one object per source × data day (the id encodes both, see
 * core/observation-id.ts), mapping id → observation record. Records of printed names not yet
 * linked to a variant are published too: the evidence is everything we read.
 */
import type { Day } from '../../core/dates.ts';
import { observationShardPath, shardDayOf } from '../../core/observation-id.ts';
import { ObservationRecord, type ObservationRecordT } from '../../schemas/observations.ts';
import type { Db } from '../../store/db.ts';
import type { Model } from '../model.ts';
import {
  correctedPrices,
  OBSERVATION_COLUMNS,
  observationUrl,
  priceFields,
  type ObservationColumns,
} from '../price-rows.ts';
import type { OutputWriter } from '../writer.ts';

type Raw = ObservationColumns & {
  unit_printed: string;
  location: string;
  printed: string;
  raw_name: string;
  variant_slug: string | null;
  url: string;
  kind: 'archive' | 'live';
  fetched_at: string | null;
  sha256: string;
  bytes: number;
  content_type: string;
  parser: string;
  parser_version: number;
};

const SQL = `
  SELECT ${OBSERVATION_COLUMNS},
         o.unit_printed, o.location, o.printed, n.raw_name, n.variant_slug,
         d.url, d.kind, d.fetched_at, d.sha256, d.bytes, d.content_type, d.parser, d.parser_version
  FROM observations o JOIN source_names n ON n.id = o.source_name_id JOIN documents d ON d.id = o.document_id
  WHERE o.data_day >= ?
  ORDER BY o.data_day, o.source_key, o.id`;

function observationRecord(raw: Raw, model: Model): ObservationRecordT {
  const source = model.sources.get(raw.source_key)!;
  const variant = raw.variant_slug ? model.variants.get(raw.variant_slug) : undefined;
  const { price, applied } = correctedPrices(raw, model);
  const corrections = applied.map((c) => ({
    field: c.field,
    value: c.value,
    original: c.original,
    reason: c.reason,
    by: c.by,
    at: c.at,
  }));
  return {
    id: raw.id,
    observationUrl: observationUrl(raw.id),
    source: source.key,
    sourceName: source.name,
    marketSlug: raw.market_slug,
    marketName: model.markets.get(raw.market_slug)!.name,
    productSlug: variant?.slug ?? null,
    productName: variant?.name ?? null,
    dataDate: raw.data_day,
    ...priceFields(raw, price),
    qualityFlags: JSON.parse(raw.quality_flags) as string[],
    printed: { name: raw.raw_name, unit: raw.unit_printed, row: raw.printed, location: raw.location },
    document: {
      url: raw.url,
      kind: raw.kind,
      fetchedAt: raw.fetched_at,
      sha256: raw.sha256,
      bytes: raw.bytes,
      contentType: raw.content_type,
      parser: raw.parser,
      parserVersion: raw.parser_version,
    },
    corrections,
    attribution: source.attribution,
  };
}

/**
 * `takenBefore`: shards of data days before it are the previous build's (the writer's
 * `reuseFrom`, build/incremental/): a record depends on its observation and the model only,
 * never on the build day, so with the same model a day nothing was written to reads the same.
 */
export function writeEvidence(db: Db, model: Model, writer: OutputWriter, takenBefore?: Day): number {
  let path: string | null = null;
  let records: string[] = [];
  let shards =
    takenBefore === undefined
      ? 0
      : writer.adoptWhere((path) => {
          const day = shardDayOf(path);
          return day !== null && day < takenBefore;
        });
  const flush = () => {
    if (path === null) return;
    writer.writeEncoded(path, `{${records.join(',')}}`);
    shards++;
  };
  // A full build reads from the empty day: every day.
  for (const raw of db.prepare(SQL).iterate(takenBefore ?? '') as IterableIterator<Raw>) {
    const shardPath = observationShardPath(raw.data_day, model.sources.get(raw.source_key)!.number);
    if (shardPath !== path) {
      flush();
      path = shardPath;
      records = [];
    }
    const record = ObservationRecord.parse(observationRecord(raw, model));
    records.push(`${JSON.stringify(raw.id)}:${JSON.stringify(record)}`);
  }
  flush();
  return shards;
}

/**
 * Every file the build publishes validates against its schema: responses against their
 * contract envelopes, collection partitions row by row against the price row (or product item),
 * evidence shards record by record; the manifest lists exactly the files on disk with their
 * ETags; the OpenAPI document passes `redocly lint`, the OpenAPI 3.1 schema and JSON Schema 2020-12.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash, hash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { allPartitions, COLLECTION_KEYS_PATH, compatHistoryKey } from '../../core/collection-keys.ts';
import { readKeptCensus, SERIES_CENSUS_FILE } from '../../build/incremental/series-census.ts';
import { BuildState, STATE_FILE } from '../../build/incremental/state.ts';
import { BROTLI_TWIN, hasBrotliTwin, isBrotliTwin } from '../../core/encodings.ts';
import { ALERT_OPERATIONS } from '../../core/alert-routes.ts';
import { PAGES } from '../../core/routes.ts';
import { distBytes, distText } from '../support/dist-file.ts';
import {
  BuildRecord,
  CollectionDirectory,
  type CollectionDirectoryT,
  CollectionKeysSchema,
  EdgeCalendarsSchema,
  LatestMarkets,
} from '../../schemas/internal.ts';
import { HealthResponse } from '../../schemas/health.ts';
import { SourceStatusEnvelope } from '../../schemas/sources.ts';
import { HistoryItem } from '../../schemas/history.ts';
import { CompatHistoryItem } from '../../schemas/compat/history.ts';
import { AliasResponse, EdgeSearchData, SearchIndex } from '../../schemas/search.ts';
import { LatestEnvelope } from '../../schemas/latest.ts';
import { MarketsEnvelope } from '../../schemas/markets.ts';
import { ObservationRecord } from '../../schemas/observations.ts';
import { PriceRow } from '../../schemas/prices.ts';
import { ProductItem } from '../../schemas/products.ts';
import { ProductionDirectory, ProductionRows } from '../../schemas/production.ts';
import { PRODUCTION_OBJECTS } from '../../core/production.ts';
import {
  BasketResponse,
  IndexHistory,
  IndexLatest,
  IndexSeries,
  UnpublishedIndex,
} from '../../schemas/basket-index.ts';
import { TrendingResponse, WeeklySummary } from '../../schemas/movers.ts';
import {
  COMPAT_INDEX_BASKET_PATH,
  COMPAT_INDEX_HISTORY_PATH,
  COMPAT_INDEX_LATEST_PATH,
  COMPAT_MARKETS_PATH,
  COMPAT_TRENDING_PATH,
} from '../../core/compat/objects.ts';
import { CompatIndexBasket, CompatIndexHistory, CompatIndexLatest } from '../../schemas/compat/basket-index.ts';
import { CompatMarkets } from '../../schemas/compat/markets.ts';
import { CompatTrending } from '../../schemas/compat/movers.ts';
import { compatForecastPath } from '../../core/compat/objects.ts';
import { FORECAST_OBJECTS } from '../../core/objects.ts';
import { CompatForecast, Forecast, ForecastRefusal } from '../../schemas/forecast.ts';

const distDir = inject('distDir');
type Manifest = {
  buildId: string;
  objects: Record<string, { etag: string; bytes: number; type: string; encoding?: 'gzip' | 'br'; stored?: number }>;
};
let manifest: Manifest;
const read = (path: string) => distText(distDir, path);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [relative(distDir, full)];
  });
}

beforeAll(() => {
  manifest = JSON.parse(read('manifest.json')) as Manifest;
});

let indexes: Map<string, CollectionDirectoryT> | undefined;
/** Every collection index by path, validated: read once, though two tests walk them (thousands of files). */
function collectionIndexes(): Map<string, CollectionDirectoryT> {
  indexes ??= new Map(
    Object.keys(manifest.objects)
      .filter((p) => p.startsWith('api/v1/_c/'))
      .map((p) => [p, CollectionDirectory.parse(JSON.parse(read(p)))]),
  );
  return indexes;
}

/** Per schema, the SHA-1 of every line already validated against it. */
const validatedLines = new Map<z.ZodType, Set<string>>();

/**
 * Validates every line of `text` (its lines as `split('\n')` gives them) against `schema` and answers
 * how many there were. The same serialized row stands in many partitions (its variant's, its family's,
 * its market's, its city's collection…), so a line whose bytes were validated against this schema
 * before is not parsed again: most lines are such repeats.
 */
function validateLines(text: Buffer, schema: z.ZodType, { skipEmpty = false } = {}): number {
  let seen = validatedLines.get(schema);
  if (!seen) validatedLines.set(schema, (seen = new Set()));
  let lines = 0;
  for (let start = 0; ; ) {
    const newline = text.indexOf(10, start);
    const end = newline < 0 ? text.length : newline;
    if (!(skipEmpty && end === start)) {
      lines++;
      const key = hash('sha1', text.subarray(start, end), 'base64');
      if (!seen.has(key)) {
        schema.parse(JSON.parse(text.toString('utf8', start, end)));
        seen.add(key);
      }
    }
    if (newline < 0) return lines;
    start = newline + 1;
  }
}

/** Whether `path` is one that `build(slug)` makes for some slug. */
function builtBy(build: (slug: string) => string, path: string): boolean {
  const [before, after] = build('\u0000').split('\u0000') as [string, string];
  const slug = path.slice(before.length, path.length - after.length);
  return path.startsWith(before) && path.endsWith(after) && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug);
}

/** Which schema a published path must satisfy; a path no rule covers fails the test. */
function schemaFor(
  path: string,
):
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'ndjson' }
  | { kind: 'rows' }
  | { kind: 'evidence' }
  | { kind: 'openapi' }
  | { kind: 'page' }
  | null {
  if (path.startsWith('pages/')) return { kind: 'page' };
  if (path === 'api/v1/markets.json') return { kind: 'json', schema: MarketsEnvelope };
  if (path === 'api/v1/health.json') return { kind: 'json', schema: HealthResponse };
  if (path === 'api/v1/sources/status.json') return { kind: 'json', schema: SourceStatusEnvelope };
  if (path === 'api/v1/search-index.json') return { kind: 'json', schema: SearchIndex };
  if (path === 'api/v1/_meta/search.json') return { kind: 'json', schema: EdgeSearchData };
  if (path === 'api/v1/_meta/calendars.json') return { kind: 'json', schema: EdgeCalendarsSchema };
  if (path === 'api/v1/_meta/latest-rows.ndjson') return { kind: 'rows' };
  if (path === 'api/v1/_meta/latest-markets.json') return { kind: 'json', schema: LatestMarkets };
  if (/^api\/v1\/products\/[a-z0-9-]+\/aliases\.json$/.test(path)) return { kind: 'json', schema: AliasResponse };
  if (path === 'api/v1/prices/latest.json' || path.startsWith('api/v1/prices/latest/'))
    return { kind: 'json', schema: LatestEnvelope };
  if (path.startsWith('api/v1/_c/')) return { kind: 'json', schema: CollectionDirectory };
  if (path === 'api/v1/_meta/build.json') return { kind: 'json', schema: BuildRecord };
  if (path === COLLECTION_KEYS_PATH) return { kind: 'json', schema: CollectionKeysSchema };
  if (path === 'api/v1/index/latest.json') return { kind: 'json', schema: IndexLatest };
  if (path === 'api/v1/index/history.json' || path === 'api/v1/index/history-real.json')
    return { kind: 'json', schema: IndexHistory };
  if (path === 'api/v1/index/basket.json') return { kind: 'json', schema: BasketResponse };
  if (/^api\/v1\/index\/series\/[a-z0-9-]+\.json$/.test(path)) return { kind: 'json', schema: IndexSeries };
  if (/^api\/v1\/index\/unpublished\/[a-z0-9-]+\.json$/.test(path)) return { kind: 'json', schema: UnpublishedIndex };
  if (path === 'api/v1/prices/trending.json') return { kind: 'json', schema: TrendingResponse };
  if (path === 'api/v1/prices/weekly-summary.json' || /^api\/v1\/prices\/weekly-summary\/\d{4}-\d{2}\.json$/.test(path))
    return { kind: 'json', schema: WeeklySummary };
  if (path === COMPAT_TRENDING_PATH) return { kind: 'json', schema: CompatTrending };
  if (path === COMPAT_INDEX_LATEST_PATH) return { kind: 'json', schema: CompatIndexLatest };
  if (path === COMPAT_INDEX_HISTORY_PATH) return { kind: 'json', schema: CompatIndexHistory };
  if (path === COMPAT_INDEX_BASKET_PATH) return { kind: 'json', schema: CompatIndexBasket };
  if (path === COMPAT_MARKETS_PATH) return { kind: 'json', schema: CompatMarkets };
  if (builtBy(FORECAST_OBJECTS.refused, path)) return { kind: 'json', schema: ForecastRefusal };
  if (builtBy(FORECAST_OBJECTS.published, path)) return { kind: 'json', schema: Forecast };
  if (builtBy(compatForecastPath, path)) return { kind: 'json', schema: CompatForecast };
  if (path === PRODUCTION_OBJECTS.directory) return { kind: 'json', schema: ProductionDirectory };
  if (/^api\/v1\/production\/family\/[a-z0-9-]+\/[a-z0-9-]+\.json$/.test(path))
    return { kind: 'json', schema: ProductionRows };
  if (/^api\/v1\/production\/names\/[a-z0-9-]+\.json$/.test(path)) return { kind: 'json', schema: ProductionRows };
  if (/^api\/v1\/production\/year\/\d{4}\/[a-z0-9-]+\.json$/.test(path))
    return { kind: 'json', schema: ProductionRows };
  if (path.startsWith('api/v1/_p/')) return { kind: 'ndjson' };
  if (path.startsWith('api/v1/_evidence/')) return { kind: 'evidence' };
  if (path === 'api/v1/openapi.json') return { kind: 'openapi' };
  return null;
}

describe('published files', () => {
  it('the manifest lists exactly the files on disk, with their sizes and ETags', () => {
    // The build state and the kept census are the next build's inputs (build/incremental/), not objects of the API.
    const onDisk = walk(distDir)
      .filter((p) => p !== 'manifest.json' && p !== STATE_FILE && p !== SERIES_CENSUS_FILE)
      .sort();
    expect(Object.keys(manifest.objects).sort()).toEqual(onDisk);
    const state = BuildState.parse(JSON.parse(readFileSync(join(distDir, STATE_FILE), 'utf8')));
    expect(state.today).toBe(inject('today'));
    expect(state.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(readKeptCensus(distDir)?.series.length).toBeGreaterThan(0);
    for (const path of onDisk.filter((_, i) => i % 97 === 0)) {
      const bytes = distBytes(distDir, path);
      const entry = manifest.objects[path]!;
      expect(entry.bytes).toBe(bytes.byteLength);
      // Partitions and evidence shards are stored gzip-encoded, brotli twins brotli, everything else as it is.
      expect(entry.encoding).toBe(
        /^api\/v1\/_(p|evidence)\//.test(path) ? 'gzip' : isBrotliTwin(path) ? 'br' : undefined,
      );
      if (entry.encoding) expect(entry.stored).toBe(statSync(join(distDir, path)).size);
      expect(manifest.objects[path]!.etag).toBe(`"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`);
    }
  });

  it('every file validates against its schema', () => {
    const partitionKinds = new Map<string, 'prices' | 'products' | 'history' | 'compat-history'>();
    for (const index of collectionIndexes().values()) {
      // The compatibility prefix's history (build/endpoints/compat/history.ts) holds items of its own shape.
      const kind = index.key.startsWith(compatHistoryKey('')) ? 'compat-history' : index.kind;
      for (const p of allPartitions(index)) partitionKinds.set(p.path, kind);
    }
    let rows = 0;
    let records = 0;
    for (const path of Object.keys(manifest.objects)) {
      if (isBrotliTwin(path)) continue; // the same bytes as the object it encodes (next test)
      const rule = schemaFor(path);
      if (!rule) throw new Error(`no schema rule for ${path}`);
      // Collection indexes were validated as they were read (collectionIndexes).
      if (rule.kind === 'json') {
        if (!collectionIndexes().has(path)) rule.schema.parse(JSON.parse(read(path)));
      } else if (rule.kind === 'ndjson') {
        const kind = partitionKinds.get(path);
        expect(kind, `partition ${path} belongs to no collection`).toBeDefined();
        const bytes = distBytes(distDir, path);
        // Every line ends with a newline, the last one too.
        if (bytes.length > 0) expect(bytes.at(-1), path).toBe(10);
        const schema =
          kind === 'prices'
            ? PriceRow
            : kind === 'history'
              ? HistoryItem
              : kind === 'compat-history'
                ? CompatHistoryItem
                : ProductItem;
        if (bytes.length > 0) rows += validateLines(bytes.subarray(0, -1), schema);
      } else if (rule.kind === 'page') {
        // Human pages: reachable through a PAGES route; HTML pages are Turkish documents with a title.
        expect(
          PAGES.some((p) => p.key === path),
          `${path} has no PAGES route`,
        ).toBe(true);
        if (path.endsWith('.html')) {
          const html = read(path);
          expect(html.startsWith('<!doctype html>'), path).toBe(true);
          expect(html, path).toContain('<html lang="tr">');
          expect(html, path).toMatch(/<title>[^<]+<\/title>/);
          expect(manifest.objects[path]!.type).toBe('text/html; charset=utf-8');
        }
      } else if (rule.kind === 'rows') {
        validateLines(distBytes(distDir, path), PriceRow, { skipEmpty: true });
      } else if (rule.kind === 'evidence') {
        const shard = JSON.parse(read(path)) as Record<string, unknown>;
        for (const [id, record] of Object.entries(shard)) expect(ObservationRecord.parse(record).id).toBe(id);
        records += Object.keys(shard).length;
      }
    }
    // Every observation of the store has its evidence record; every published row is in a partition.
    const db = new Database(inject('dbPath'), { readonly: true });
    expect(records).toBe(db.prepare('SELECT count(*) FROM observations').pluck().get());
    expect(rows).toBeGreaterThan(
      db
        .prepare(
          'SELECT count(*) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL',
        )
        .pluck()
        .get() as number,
    );
    db.close();
  }, 240_000); // reads and validates every published file (~26,000): about a minute alone on 2 cores, more beside other work

  it('every whole response the edge may send as stored has a brotli twin of exactly its bytes, and nothing else has one', () => {
    const twins = Object.keys(manifest.objects).filter(isBrotliTwin);
    const whole = Object.keys(manifest.objects).filter(hasBrotliTwin);
    expect(twins.map((t) => t.slice(0, -BROTLI_TWIN.length)).sort()).toEqual(whole.sort());
    // The routes that answer one object whole (edge/routes/stored.ts), every human page among them.
    for (const path of [
      'api/v1/markets.json',
      'api/v1/openapi.json',
      'api/v1/search-index.json',
      'api/v1/sources/status.json',
      'api/v1/index/latest.json',
      'api/v1/index/basket.json',
      'api/v1/index/history.json',
      'api/v1/prices/latest.json',
      'api/v1/prices/weekly-summary.json',
      'api/v1/products/domates/aliases.json',
      ...PAGES.filter((p) => !p.key.endsWith('.ico')).map((p) => p.key),
    ]) {
      expect(whole, path).toContain(path);
    }
    for (const path of whole) {
      const object = manifest.objects[path]!;
      const twin = manifest.objects[path + BROTLI_TWIN]!;
      expect(twin, path).toEqual({
        etag: object.etag,
        bytes: object.bytes,
        type: object.type,
        encoding: 'br',
        stored: statSync(join(distDir, path + BROTLI_TWIN)).size,
      });
      expect(distBytes(distDir, path + BROTLI_TWIN).equals(distBytes(distDir, path)), path).toBe(true);
      expect(twin.stored, path).toBeLessThan(object.bytes);
    }
  });

  it('every variant has one forecast object: published with its compat twin of the same numbers, or refused', () => {
    const db = new Database(inject('dbPath'), { readonly: true });
    const variants = db.prepare('SELECT slug FROM variants ORDER BY slug').pluck().all() as string[];
    db.close();
    const forecastObjects = Object.keys(manifest.objects).filter((p) => p.includes('/prices/forecast/'));
    const expected: string[] = [];
    for (const slug of variants) {
      const published = manifest.objects[FORECAST_OBJECTS.published(slug)] !== undefined;
      const refused = manifest.objects[FORECAST_OBJECTS.refused(slug)] !== undefined;
      expect(published !== refused, slug).toBe(true);
      if (refused) {
        expected.push(FORECAST_OBJECTS.refused(slug));
        expect(ForecastRefusal.parse(JSON.parse(read(FORECAST_OBJECTS.refused(slug)))).productSlug).toBe(slug);
        continue;
      }
      expected.push(FORECAST_OBJECTS.published(slug), compatForecastPath(slug));
      const forecast = Forecast.parse(JSON.parse(read(FORECAST_OBJECTS.published(slug))));
      const compat = CompatForecast.parse(JSON.parse(read(compatForecastPath(slug))));
      expect(compat, slug).toEqual({
        productSlug: slug,
        predictions: forecast.predictions,
        validation: forecast.validation,
      });
    }
    // Nothing else: no object for a product family or for a slug outside the catalogue.
    expect(forecastObjects.sort()).toEqual(expected.sort());
  });

  it('every collection index covers its partitions without gaps, counts its days newest first and, on an archive months old, has nothing to re-age', () => {
    for (const [path, index] of collectionIndexes()) {
      let start = 0;
      expect(index.partitions.length).toBe(32 * index.partitionEnds.length);
      for (const p of allPartitions(index)) {
        expect(p.start).toBe(start);
        expect(p.rows).toBeGreaterThan(0);
        start += p.rows;
        expect(manifest.objects[p.path], `${path} → ${p.path}`).toBeDefined();
      }
      expect(start).toBe(index.total);
      // Time collections (prices and history) are stored newest first; products are a list.
      if (index.kind !== 'products') {
        expect(index.order).toBe('desc');
        expect(index.ends.at(-1) ?? 0).toBe(index.total);
        expect(index.ends.every((end, i) => i === 0 || end > index.ends[i - 1]!)).toBe(true);
        const days = index.days.match(/.{10}/g) ?? [];
        expect(days).toHaveLength(index.ends.length);
        // Newest first, and (ordered so) each day once: found by a pass over the days, not by deep equality of
        // millions of them.
        expect(
          days.findIndex((day, i) => i > 0 && day > days[i - 1]!),
          `${path}: a newer day after an older one`,
        ).toBe(-1);
        expect(
          days.findIndex((day, i) => i > 0 && day === days[i - 1]),
          `${path}: a day twice`,
        ).toBe(-1);
      }
      // The real archive's newest data day (2026-08-22) is months before the build day: every row
      // is stale, failed or archive, so nothing can age (tests/system/freshness-over-time.test.ts has fresh rows).
      expect(index.agingFrom, path).toBeNull();
    }
  });

  it('the OpenAPI document passes redocly lint with no errors and no warnings', () => {
    const output = execFileSync('npx', ['redocly', 'lint', join(distDir, 'api/v1/openapi.json'), '--format', 'json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const report = JSON.parse(output) as { totals: { errors: number; warnings: number } };
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('the OpenAPI document validates against the OpenAPI 3.1 schema, and each of its schemas against JSON Schema 2020-12', async () => {
    const doc = JSON.parse(read('api/v1/openapi.json')) as {
      components: { schemas: Record<string, object> };
      paths: Record<string, object>;
    };
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], 'OpenAPI 3.1 schema').toEqual([]);
    expect(result.valid).toBe(true);
    // The OpenAPI schema leaves Schema Objects to their dialect (JSON Schema 2020-12 by default): each is checked here.
    const ajv = new Ajv2020({ strict: false });
    const schemas = [...Object.entries(doc.components.schemas), ...schemaObjectsIn(doc.paths, '#/paths')];
    expect(schemas.length).toBeGreaterThan(30);
    for (const [where, schema] of schemas) expect(ajv.validateSchema(schema) ? null : ajv.errors, where).toBeNull();
  });

  it('the OpenAPI document declares empty security on every read operation, and the x-cache of every one', () => {
    const doc = JSON.parse(read('api/v1/openapi.json')) as {
      openapi: string;
      security: unknown[];
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.security).toEqual([]);
    expect(doc.paths['/prices']!.get!['x-cache']).toEqual({ sMaxAge: 900, staleWhileRevalidate: 3600 });
    expect(doc.paths['/openapi.json']!.get!['x-cache']).toEqual({ sMaxAge: 300, staleWhileRevalidate: 600 });
    const writing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (operation['x-writes']) writing.push(`${method.toUpperCase()} ${path}`);
        else expect(operation.security, `${method} ${path}`).toEqual([]);
        expect(operation['x-cache'], `${method} ${path}`).toBeDefined();
      }
    // The alert operations are the only ones that write (docs/alerts.md).
    expect(writing.sort()).toEqual(ALERT_OPERATIONS.map((o) => `${o.method} ${o.path}`).sort());
  });
});

/** Every `schema` value under `value` (parameters, media types), with where it sits. */
function schemaObjectsIn(value: unknown, at: string): [string, object][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'schema' && typeof child === 'object' && child !== null
      ? [[`${at}/schema`, child] as [string, object]]
      : schemaObjectsIn(child, `${at}/${key}`),
  );
}

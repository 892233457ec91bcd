/**
 * SQLite → dist/: every precomputed object of api/v1 plus the manifest. A pure function of the
 * store and the build day: the same database and `today` give byte-identical output.
 */
import { API_POLICY_PAGE_PATH, BUILD_RECORD_PATH, DATA_HEALTH_PAGE_PATH, OPENAPI_PATH } from '../core/objects.ts';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COLLECTION_KEYS_PATH, collectionKeysOf } from '../core/collection-keys.ts';
import type { Day } from '../core/dates.ts';
import { BuildRecord, CollectionKeysSchema } from '../schemas/internal.ts';
import { alongsideHistoryAndEvidence } from './build-part.ts';
import { writePriceCollections } from './collections.ts';
import type { Db } from '../store/db.ts';
import { writeAliases } from './endpoints/aliases.ts';
import { PreviousBuild, type FetchMissing, type Incremental } from './incremental/previous.ts';
import { SERIES_CENSUS_FILE } from './incremental/series-census.ts';
import { beginState, boundary, BuildState, STATE_FILE, type Boundary } from './incremental/state.ts';
import { writeCalendars } from './endpoints/calendars.ts';
import { writeCompatHistory } from './endpoints/compat/history.ts';
import { writeLatestCollections } from './endpoints/compat/latest-only.ts';
import { writeCompatRest } from './endpoints/compat/rest.ts';
import { writeForecasts } from './endpoints/forecast.ts';
import { writeHealth } from './endpoints/health.ts';
import { writeIndexes } from './endpoints/basket-index.ts';
import { writeTrending, writeWeeklySummaries } from './endpoints/movers.ts';
import { writeLatestMarkets } from './endpoints/latest-markets.ts';
import { writeLatestRows } from './endpoints/latest-rows.ts';
import { writeSearch } from './endpoints/search.ts';
import { writeSourcesStatus } from './endpoints/sources-status.ts';
import { writeLatest } from './endpoints/latest.ts';
import { writeMarkets } from './endpoints/markets.ts';
import { writeProducts } from './endpoints/products.ts';
import { familiesWithProduction, writeProduction } from './endpoints/production.ts';
import { loadModel, defaultAttribution } from './model.ts';
import { nationalIndicators } from './national.ts';
import { buildOpenApi } from './openapi/document.ts';
import { apiPolicyPage } from './pages/api-policy.ts';
import { dataHealthPage } from './pages/data-health.ts';
import { writePublic } from './pages/public.ts';
import { HTML_TYPE, OutputWriter } from './writer.ts';
import { etagOfSync } from '../core/digest-sync.ts';

/** `previous`: a previous build's output directory (not `outDir`) whose unchanged rows this build may take (build/incremental/) */
/** `fetchMissing`: how to fetch an object the previous build left in the bucket (publish/fetch-missing.ts) */
export type BuildOptions = {
  db: Db;
  outDir: string;
  today: Day;
  builtAt: string;
  synthetic?: boolean;
  previous?: string;
  fetchMissing?: FetchMissing;
  log?: (line: string) => void;
};
/**
 * `secondProcessPeakKb`: peak memory of the history and evidence process; `boundary`: what was
 * taken from the previous build; `serialized`: price rows read and serialized; `censusRows`: price rows the census read
 * (build/incremental/series-census.ts); `reused`: objects taken as they were,
 * `inBucket` of which were left in the bucket (a previous build fetched from it, publish/fetch-previous.ts);
 * `steps`: milliseconds of each step the log names
 */
export type BuildReport = {
  objects: number;
  bytes: number;
  rows: number;
  collections: number;
  partitions: number;
  evidenceShards: number;
  secondProcessPeakKb: number;
  ms: number;
  boundary: Boundary;
  serialized: number;
  censusRows: number;
  reused: number;
  inBucket: number;
  steps: Record<string, number>;
};

export function buildSite({
  db,
  outDir,
  today,
  builtAt,
  synthetic: declared,
  previous: previousDir,
  fetchMissing,
  log = () => {},
}: BuildOptions): BuildReport {
  // A store holding synthetic benchmark data always says so (/health answers 503), whoever builds it.
  const synthetic = declared ?? Boolean(db.prepare("SELECT 1 FROM sources WHERE method = 'synthetic' LIMIT 1").get());
  const started = performance.now();
  if (previousDir !== undefined && resolve(previousDir) === resolve(outDir))
    throw new Error(
      `the previous build (${previousDir}) must be another directory than the output: the build empties its output first`,
    );
  const model = loadModel(db, today);
  const state = beginState(db, model);
  const previous = previousDir === undefined ? null : PreviousBuild.read(previousDir, fetchMissing);
  const bound: Boundary =
    previousDir === undefined ? { full: 'no previous build given' } : boundary(db, state, previous?.state ?? null);
  const incremental: Incremental | undefined = 'from' in bound ? { from: bound.from, previous: previous! } : undefined;
  const origin = previous?.remote
    ? `the published build ${previous.remote.prefix} (fetched into ${previousDir})`
    : previousDir;
  log(
    'full' in bound
      ? `  full build: ${bound.full}`
      : `  incremental: rows from ${bound.from} on are built, older ones taken from ${origin}`,
  );
  const writer = new OutputWriter(outDir);
  if (incremental) writer.reuseFrom(incremental.previous);
  const steps: Record<string, number> = {};
  const step = <T>(label: string, fn: () => T): T => {
    const t = performance.now();
    const result = fn();
    steps[label] = Math.round(performance.now() - t);
    // Resident memory after each step: national-scale runs show which step holds what.
    log(`  ${label} (${steps[label]} ms, rss ${Math.round(process.memoryUsage.rss() / 2 ** 20)} MiB)`);
    return result;
  };
  // History and evidence run in a second process over the same store file (both cores).
  if (db.memory)
    throw new Error(
      'the build reads a store file (history and evidence are built by a second process over it), not an in-memory database',
    );
  const {
    main: { markets, collections },
    part: partResult,
  } = alongsideHistoryAndEvidence(
    db.name,
    outDir,
    today,
    () => {
      const markets = step('markets', () => writeMarkets(db, model, writer));
      const collections = step('price collections', () =>
        writePriceCollections(db, model, writer, { incremental, agingFrom: state.agingFrom }),
      );
      // Beside the /prices collections, from the same rows: the compatibility prefix's latestOnly and history.
      step('compat latestOnly and history', () => {
        writeLatestCollections(db, model, writer);
        writeCompatHistory(db, model, writer, { incremental });
      });
      const indicators = step('national indicators', () => nationalIndicators(db, model));
      step('latest', () => writeLatest(model, indicators, writer));
      const forecasts = step('forecasts', () => writeForecasts(db, model, writer, indicators));
      log(`  ${forecasts.published} forecasts published, ${forecasts.refused} refused (${forecasts.fits} model fits)`);
      step('calendars', () => writeCalendars(model, writer));
      step('latest rows', () => writeLatestRows(indicators, writer));
      step('latest markets', () => writeLatestMarkets(indicators, writer));
      const production = step('production', () => writeProduction(db, writer));
      log(`  ${production.rows} production rows in ${production.objects} objects (${production.bytes} bytes)`);
      const withProduction = familiesWithProduction(db);
      step('products', () => writeProducts(model, indicators, withProduction, writer));
      step('aliases', () => writeAliases(db, model, withProduction, writer));
      step('search', () => writeSearch(db, model, indicators, writer));
      const indexes = step('indexes', () => writeIndexes(db, model, writer));
      step('trending', () => writeTrending(db, model, writer));
      step('weekly summaries', () => writeWeeklySummaries(db, model, writer, incremental));
      step('compat trending, index, markets', () => writeCompatRest(indexes.national, writer));
      return { markets, collections };
    },
    (wait) => step('history and evidence (waiting for the second process)', wait),
    incremental,
  );
  writer.adopt(partResult.entries, partResult.bytes);
  step('collection keys', () =>
    writer.writeJson(COLLECTION_KEYS_PATH, CollectionKeysSchema.parse(collectionKeysOf(writer.entries.keys()))),
  );
  step('openapi', () => writer.writeJson(OPENAPI_PATH, buildOpenApi()));
  const newestDataDay = (db.prepare('SELECT max(data_day) FROM bulletins').pluck().get() as string | null) ?? null;
  // The build id names the content: the same store and day give the same id, in whichever order the objects were written.
  const buildId = `${today}-${etagOfSync(String([...writer.entries].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, e]) => e.etag))).slice(1, 13)}`;
  const sourcesStatus = step('sources status', () => writeSourcesStatus(db, model, writer, builtAt));
  step('pages', () => {
    writer.write(DATA_HEALTH_PAGE_PATH, dataHealthPage(sourcesStatus), HTML_TYPE);
    writer.write(API_POLICY_PAGE_PATH, apiPolicyPage(model), HTML_TYPE);
  });
  step('public pages', () => writePublic(writer));
  step('health', () => writeHealth(model, writer, { id: buildId, builtAt, newestDataDay, synthetic }));
  const record = BuildRecord.parse({
    buildId,
    today,
    builtAt,
    newestDataDay,
    synthetic,
    attribution: defaultAttribution(model),
    objects: writer.entries.size + 1,
  });
  writer.writeJson(BUILD_RECORD_PATH, record);
  writer.finish({ buildId: record.buildId, today, builtAt, newestDataDay });
  // Beside the manifest, not in it: the next build's input, not an object of the API.
  writeFileSync(join(outDir, STATE_FILE), JSON.stringify(BuildState.parse(state)));
  writeFileSync(join(outDir, SERIES_CENSUS_FILE), JSON.stringify(collections.keptCensus));
  log(`  ${markets} markets, ${collections.rows} price rows in ${collections.collections} collections`);
  return {
    objects: writer.entries.size,
    bytes: writer.bytesWritten,
    rows: collections.rows,
    collections: collections.collections,
    partitions: collections.partitions,
    evidenceShards: partResult.evidenceShards,
    secondProcessPeakKb: partResult.maxRssKb,
    ms: Math.round(performance.now() - started),
    boundary: bound,
    serialized: collections.serialized,
    censusRows: collections.censusRows,
    reused: writer.reused + partResult.reused,
    inBucket: writer.inBucket + partResult.inBucket,
    steps,
  };
}

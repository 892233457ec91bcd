/**
 * Real builds whose prices cross an alert's target. The archive is always stale (a static
 * archive), and stale data never triggers an alert, so the crossing comes from live scrape nights
 * (tests/support/scrape-nights.ts): the real Kayseri and Konya adapters collect their saved
 * documents of the same day through the real client. Night 1 scrapes Kayseri alone: a variant's
 * national price is Kayseri's. Night 2 adds Konya's list of the same day: the national median of a
 * variant both print moves. Each store is then built small, with the build's own functions (markets,
 * national indicators, /prices/latest, latest rows, calendars, build record, manifest): what the
 * notifier reads and what POST /alerts validates a product and a market against.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCalendars } from '../../build/endpoints/calendars.ts';
import { writeLatest } from '../../build/endpoints/latest.ts';
import { writeLatestRows } from '../../build/endpoints/latest-rows.ts';
import { writeMarkets } from '../../build/endpoints/markets.ts';
import { defaultAttribution, loadModel } from '../../build/model.ts';
import { nationalIndicators, type NationalIndicator } from '../../build/national.ts';
import { OutputWriter } from '../../build/writer.ts';
import { addDays, type Day } from '../../core/dates.ts';
import { BUILD_RECORD_PATH } from '../../core/objects.ts';
import { publishRelease, type PublishReport } from '../../publish/release.ts';
import { MiniflareBucket } from '../../scripts/lib/miniflare-bucket.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { BuildRecord } from '../../schemas/internal.ts';
import { adapter as kayseri } from '../../sources/kayseri/index.ts';
import { adapter as konya } from '../../sources/konya/index.ts';
import type { SourceAdapter } from '../../sources/types.ts';
import type { Db } from '../../store/db.ts';
import { runNight, seededStore } from './scrape-nights.ts';

/** The day of both saved documents (a Monday); the night runs early on the next day. */
export const DATA_DAY: Day = '2026-09-14';
const FIRST: { adapter: SourceAdapter; document: string } = {
  adapter: kayseri,
  document: 'tests/fixtures/kayseri/hal-fiyatlari-2026-09-14.html',
};
const SECOND: { adapter: SourceAdapter; document: string } = {
  adapter: konya,
  document: 'tests/fixtures/konya/hal-fiyatlari-2026-09-14.html',
};

export type AlertBuild = { dir: string; buildId: string; today: Day; ms: number };

export type Price = { national: number; marketCount: number; freshness: string; markets: Record<string, number> };

export type AlertNights = {
  /** a variant both sources print, whose national median rises when the second market joins */
  variant: string;
  /** the first night's market (its price stays) and the second night's */
  markets: { first: string; second: string };
  /** the variant as each build publishes it */
  prices: { first: Price; crossed: Price; stale: Price; rearmed: Price; crossedAgain: Price };
  /**
   * night 1 built on the day after; night 2 the same, and again under another id (`aged`, for a run a
   * month later); night 2 built a month later (stale); night 1, then night 2, built two days after
   */
  builds: {
    first: AlertBuild;
    crossed: AlertBuild;
    aged: AlertBuild;
    stale: AlertBuild;
    rearmed: AlertBuild;
    crossedAgain: AlertBuild;
  };
  nights: { first: number; second: number };
  dispose(): void;
};

const html = (path: string) => ({
  headers: { 'content-type': 'text/html; charset=UTF-8' },
  body: readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'),
});

async function night(db: Db, source: typeof FIRST): Promise<number> {
  const done = await runNight(db, { adapters: [source.adapter], day: DATA_DAY, answer: () => html(source.document) });
  const report = done.reports[0]!;
  if (report.outcome !== 'ok') throw new Error(`${source.adapter.definition.key}: ${report.message}`);
  return Math.round(done.ms);
}

function priceOf(indicator: NationalIndicator | undefined): Price {
  if (!indicator) throw new Error('the variant has no national indicator');
  return {
    national: indicator.median!,
    marketCount: indicator.marketCount,
    freshness: indicator.freshness.freshness,
    markets: Object.fromEntries(indicator.rows.map((r) => [r.market, r.row.avgPrice])),
  };
}

/** A small real build of `db` as of `today`, under its own build id. */
function buildSmall(
  db: Db,
  dir: string,
  today: Day,
  label: string,
): { build: AlertBuild; indicators: Map<string, NationalIndicator> } {
  const t = performance.now();
  const out = join(dir, label);
  const model = loadModel(db, today);
  const writer = new OutputWriter(out);
  writeMarkets(db, model, writer);
  const indicators = nationalIndicators(db, model);
  writeLatest(model, indicators, writer);
  writeLatestRows(indicators, writer);
  writeCalendars(model, writer);
  const builtAt = `${today}T03:00:00.000Z`;
  const newestDataDay = db.prepare('SELECT max(data_day) FROM bulletins').pluck().get() as Day;
  const buildId = `${today}-alerts-${label}`;
  writer.writeJson(
    BUILD_RECORD_PATH,
    BuildRecord.parse({
      buildId,
      today,
      builtAt,
      newestDataDay,
      synthetic: false,
      attribution: defaultAttribution(model),
      objects: writer.entries.size + 1,
    }),
  );
  writer.finish({ buildId, today, builtAt, newestDataDay });
  return { build: { dir: out, buildId, today, ms: Math.round(performance.now() - t) }, indicators };
}

export async function alertNights(): Promise<AlertNights> {
  const dir = mkdtempSync(join(tmpdir(), 'hal-alert-nights-'));
  const db = seededStore();
  const first = await night(db, FIRST);
  const day1 = addDays(DATA_DAY, 1);
  const b1 = buildSmall(db, dir, day1, 'first');
  const rearm = buildSmall(db, dir, addDays(DATA_DAY, 2), 'rearmed');
  const second = await night(db, SECOND);
  const b2 = buildSmall(db, dir, day1, 'crossed');
  const aged = buildSmall(db, dir, day1, 'aged');
  const again = buildSmall(db, dir, addDays(DATA_DAY, 2), 'crossed-again');
  const stale = buildSmall(db, dir, addDays(DATA_DAY, 31), 'stale');
  db.close();
  const firstMarket = FIRST.adapter.definition.markets[0]!.slug;
  const secondMarket = SECOND.adapter.definition.markets[0]!.slug;
  // Chosen from the data: the first variant (by slug) both print whose median rises with the second market.
  const variant = [...b2.indicators.values()]
    .filter((n) => n.rows.some((r) => r.market === firstMarket) && n.rows.some((r) => r.market === secondMarket))
    .sort((a, b) => (a.variant < b.variant ? -1 : 1))
    .find((n) => n.median! > b1.indicators.get(n.variant)!.median!)?.variant;
  if (!variant) throw new Error('no variant both sources print rises with the second market');
  return {
    variant,
    markets: { first: firstMarket, second: secondMarket },
    prices: {
      first: priceOf(b1.indicators.get(variant)),
      crossed: priceOf(b2.indicators.get(variant)),
      stale: priceOf(stale.indicators.get(variant)),
      rearmed: priceOf(rearm.indicators.get(variant)),
      crossedAgain: priceOf(again.indicators.get(variant)),
    },
    builds: {
      first: b1.build,
      crossed: b2.build,
      aged: aged.build,
      stale: stale.build,
      rearmed: rearm.build,
      crossedAgain: again.build,
    },
    nights: { first, second },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Publishes a build into the running local worker's bucket with the real publisher: the pointer
 * moves at once. The worker's requests keep the pointer they read for a minute per isolate
 * (edge/origin/pointer.ts); the notifier reads it anew on every run.
 */
export async function publishInto(worker: LocalWorker, build: AlertBuild): Promise<PublishReport> {
  const bucket = await MiniflareBucket.of(worker.mf);
  return publishRelease({ bucket, distDir: build.dir, concurrency: 64, progress: null });
}

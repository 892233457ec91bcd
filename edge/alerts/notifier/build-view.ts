/**
 * The published build as the notifier reads it: through the publication pointer, as the worker
 * does, but without the worker's per-isolate pointer cache (edge/origin/bindings.ts
 * `publishedOrigin`), so a run sees the build published a moment ago. Freshness is re-aged to the
 * run's day as the worker re-ages its answers (edge/answer/aging.ts), so a build served late never
 * reads fresher than the worker would answer.
 */
import { istanbulDay } from '../../../core/dates.ts';
import { CALENDARS_PATH, LATEST_PATH, LATEST_ROWS_PATH } from '../../../core/objects.ts';
import type { EdgeCalendarsT } from '../../../schemas/internal.ts';
import { ager } from '../../answer/aging.ts';
import type { Origin } from '../../origin/object.ts';
import type { PointerOrigin } from '../../origin/pointer.ts';

/** A /prices/latest item: the variant's national indicator. */
type LatestItem = {
  slug: string;
  name: string;
  unit: string;
  observed_date: string;
  median: number | null;
  market_count: number;
  freshness: string;
  sources: string[];
};

/** A row of `_meta/latest-rows.ndjson`: one market's latest price of a variant. */
type LatestRow = {
  productSlug: string;
  productName: string;
  marketSlug: string;
  marketName: string;
  unit: string;
  avgPrice: number;
  dataDate: string;
  freshness: string;
  sourceName: string;
  observationUrl: string;
};

export type BuildView = {
  buildId: string;
  /** the run's day (Europe/Istanbul) the freshness is aged to */
  today: string;
  national: Map<string, LatestItem>;
  /** variant → its market rows */
  rows: Map<string, LatestRow[]>;
};

async function readJson<T>(origin: Origin, path: string): Promise<T | null> {
  const object = await origin.get(path);
  return object ? (JSON.parse(await object.text()) as T) : null;
}

/** The build id the pointer names, without reading anything else: a build already compared costs one read. */
export async function publishedBuildId(origin: PointerOrigin): Promise<string> {
  return (await origin.pointer()).buildId;
}

export async function readBuild(origin: PointerOrigin, now: Date): Promise<BuildView> {
  const buildId = await publishedBuildId(origin);
  const today = istanbulDay(now);
  const [calendars, latest, rowsObject] = await Promise.all([
    readJson<EdgeCalendarsT>(origin, CALENDARS_PATH),
    readJson<{ items: LatestItem[] }>(origin, LATEST_PATH),
    origin.get(LATEST_ROWS_PATH),
  ]);
  const rowsText = rowsObject ? await rowsObject.text() : '';
  const rowList = rowsText
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LatestRow);
  const items = latest?.items ?? [];
  if (calendars && today > calendars.today) {
    const age = ager(calendars, today);
    age(items);
    age(rowList);
  }
  const rows = new Map<string, LatestRow[]>();
  for (const row of rowList) {
    const list = rows.get(row.productSlug);
    if (list) list.push(row);
    else rows.set(row.productSlug, [row]);
  }
  return { buildId, today, national: new Map(items.map((i) => [i.slug, i])), rows };
}

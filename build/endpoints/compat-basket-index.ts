/**
 * /api/v1/compat/index/{latest,history,basket}: the national basket index of the main objects
 * (build/endpoints/basket-index.ts) in the variant's shapes, decimal strings with two decimals.
 * The variant's `basketAvg` is no figure of the main answers: it is computed here from the same
 * weekly table the index is chained from (build/basket-index/compute.ts), as the mean of the
 * national median weekly prices of the products counted that week. The weeks, values and counts
 * are the main objects' own; a recomputed index that disagrees with them stops the build.
 */
import {
  COMPAT_INDEX_BASKET_PATH,
  COMPAT_INDEX_HISTORY_PATH,
  COMPAT_INDEX_LATEST_PATH,
} from '../../core/compat-objects.ts';
import { BASKET_INDEX_OBJECTS } from '../../core/objects.ts';
import { BasketResponse, IndexHistory, IndexLatest } from '../../schemas/basket-index.ts';
import {
  CompatIndexBasket,
  CompatIndexHistory,
  CompatIndexLatest,
  type CompatIndexWeekT,
} from '../../schemas/compat/basket-index.ts';
import type { Db } from '../../store/db.ts';
import { BASE_VALUE, BASKET, memberVariants, MIN_MEMBERS } from '../basket-index/basket.ts';
import {
  chainIndex,
  medianOf,
  round2,
  WeeklyTableBuilder,
  type IndexPoint,
  type WeeklyTable,
} from '../basket-index/compute.ts';
import { quoteRows } from '../basket-index/load.ts';
import type { Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';
import { writtenJson } from './compat-written.ts';

const decimal = (v: number) => round2(v).toFixed(2);

/** The national index's weekly table and points, read as the main index reads them (its markets, members and units). */
function nationalIndex(db: Db, model: Model): { table: WeeklyTable; points: IndexPoint[] } {
  const memberOf = new Map<string, string>();
  for (const m of BASKET) for (const v of memberVariants(m, model.variants.values())) memberOf.set(v, m.slug);
  const unitOf = new Map(BASKET.map((m) => [m.slug, m.unit]));
  const markets = new Set(
    [...model.markets.values()]
      .filter((m) => m.kind === 'sebze-meyve' && model.sources.get(m.source)?.kind === 'municipal')
      .map((m) => m.slug),
  );
  const builder = new WeeklyTableBuilder();
  for (const r of quoteRows(db, model, { variants: [...memberOf.keys()].sort() })) {
    const member = memberOf.get(r.variant)!;
    if (r.unit !== unitOf.get(member) || !markets.has(r.market)) continue;
    builder.add({ day: r.day, member, variant: r.variant, market: r.market, price: r.avg });
  }
  const table = builder.table();
  const points = chainIndex(table, {
    members: BASKET.map((m) => m.slug),
    minMembers: MIN_MEMBERS,
    baseValue: BASE_VALUE,
  });
  return { table, points };
}

/** The products a week counts (compared with the week before; the base week: priced), and the mean of their medians. */
export function basketAverage(
  point: IndexPoint,
  table: WeeklyTable,
  basket: readonly string[] = BASKET.map((m) => m.slug),
): number {
  const week = table.get(point.week)!;
  const counted = point.links.length
    ? point.links.map((l) => l.member)
    : basket.filter((m) => (week.get(m)?.size ?? 0) > 0);
  const medians = counted.map((m) => medianOf([...week.get(m)!.values()]));
  return medians.reduce((n, v) => n + v, 0) / medians.length;
}

export function writeCompatIndexes(db: Db, model: Model, writer: OutputWriter): number {
  const latest = writtenJson(writer, BASKET_INDEX_OBJECTS.latest, IndexLatest);
  const history = writtenJson(writer, BASKET_INDEX_OBJECTS.history.nominal, IndexHistory);
  const basket = writtenJson(writer, BASKET_INDEX_OBJECTS.basket, BasketResponse);
  const { table, points } = nationalIndex(db, model);
  const pointOf = new Map(points.map((p) => [p.week, p]));
  const weeks: CompatIndexWeekT[] = history.items.map((w) => {
    const p = pointOf.get(w.week);
    if (!p || round2(p.value) !== w.value || p.memberCount !== w.member_count)
      throw new Error(
        `the recomputed national index disagrees with ${BASKET_INDEX_OBJECTS.history.nominal} in ${w.week}`,
      );
    return {
      indexWeek: w.week,
      indexValue: decimal(w.value),
      basketAvg: decimal(basketAverage(p, table)),
      productsCount: w.member_count,
    };
  });
  if (weeks.length !== points.length)
    throw new Error('the recomputed national index has other weeks than the main one');
  const last = latest.latest;
  const lastWeek = weeks.find((w) => w.indexWeek === last?.week);
  writer.writeJson(
    COMPAT_INDEX_LATEST_PATH,
    CompatIndexLatest.parse({
      indexWeek: last?.week ?? null,
      indexValue: last ? decimal(last.value) : null,
      baseWeek: latest.index.base_week,
      basketAvg: lastWeek?.basketAvg ?? null,
      productsCount: last?.member_count ?? 0,
      weekStart: last?.week_start ?? null,
      weekEnd: last?.week_end ?? null,
    }),
  );
  writer.writeJson(COMPAT_INDEX_HISTORY_PATH, CompatIndexHistory.parse(weeks));
  writer.writeJson(
    COMPAT_INDEX_BASKET_PATH,
    CompatIndexBasket.parse({ basket: basket.basket.map(({ slug, label }) => ({ slug, label })) }),
  );
  return weeks.length;
}

/**
 * /api/v1/compat/index/{latest,history,basket}: the national basket index of the main objects
 * (build/endpoints/basket-index.ts) in the variant's shapes, decimal strings with two decimals.
 * The variant's `basketAvg` is no figure of the main answers: it is computed here from the weekly
 * table the national index was chained from (handed over by its step), as the mean of the national
 * median weekly prices of the products counted that week. The weeks, values and counts are the main
 * objects' own; a table whose points disagree with them stops the build.
 */
import {
  COMPAT_INDEX_BASKET_PATH,
  COMPAT_INDEX_HISTORY_PATH,
  COMPAT_INDEX_LATEST_PATH,
} from '../../../core/compat/objects.ts';
import { BASKET_INDEX_OBJECTS } from '../../../core/objects.ts';
import { BasketResponse, IndexHistory, IndexLatest } from '../../../schemas/basket-index.ts';
import {
  CompatIndexBasket,
  CompatIndexHistory,
  CompatIndexLatest,
  type CompatIndexWeekT,
} from '../../../schemas/compat/basket-index.ts';
import { BASKET } from '../../basket-index/basket.ts';
import { medianOf, round2, type IndexPoint, type WeeklyTable } from '../../basket-index/compute.ts';
import type { OutputWriter } from '../../writer.ts';
import type { NationalIndex } from '../basket-index.ts';
import { writtenJson } from './written.ts';

const decimal = (v: number) => round2(v).toFixed(2);

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

export function writeCompatIndexes(national: NationalIndex, writer: OutputWriter): number {
  const latest = writtenJson(writer, BASKET_INDEX_OBJECTS.latest, IndexLatest);
  const history = writtenJson(writer, BASKET_INDEX_OBJECTS.history.nominal, IndexHistory);
  const basket = writtenJson(writer, BASKET_INDEX_OBJECTS.basket, BasketResponse);
  const { table, points } = national;
  const pointOf = new Map(points.map((p) => [p.week, p]));
  const weeks: CompatIndexWeekT[] = history.items.map((w) => {
    const p = pointOf.get(w.week);
    if (!p || round2(p.value) !== w.value || p.memberCount !== w.member_count)
      throw new Error(
        `the national index handed over disagrees with ${BASKET_INDEX_OBJECTS.history.nominal} in ${w.week}`,
      );
    return {
      indexWeek: w.week,
      indexValue: decimal(w.value),
      basketAvg: decimal(basketAverage(p, table)),
      productsCount: w.member_count,
    };
  });
  if (weeks.length !== points.length)
    throw new Error('the national index handed over has other weeks than the main one');
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

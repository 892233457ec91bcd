/**
 * /prices/latest: one row per product variant with its newest national indicator, each with
 * its own day. Precomputed for no filter, every product (variant or family) and every
 * category; the edge checks a product × category request against the product's category.
 */
import { LATEST_PATH, latestGroupPath } from '../../core/objects.ts';
import { LATEST_NOTE } from '../../core/latest-note.ts';
import { LatestEnvelope } from '../../schemas/latest.ts';
import { attributionOf, type Model } from '../model.ts';
import type { NationalIndicator } from '../national.ts';
import type { OutputWriter } from '../writer.ts';

function latestEnvelope(model: Model, indicators: NationalIndicator[]) {
  const items = indicators.map((n) => {
    const v = model.variants.get(n.variant)!;
    return {
      slug: v.slug,
      name: v.name,
      category: v.category,
      unit: v.unit,
      observed_date: n.observedDate,
      min: n.min,
      max: n.max,
      median: n.median,
      market_count: n.marketCount,
      ...n.freshness,
      sources: n.sources,
    };
  });
  const days = items.map((i) => i.observed_date).sort();
  const newestDay = days[days.length - 1] ?? null;
  // General warnings relative to the newest data day: what its rows say, without row-level codes.
  const general = [...new Set(items.filter((i) => i.observed_date === newestDay).flatMap((i) => i.warnings))];
  return LatestEnvelope.parse({
    items,
    meta: {
      count: items.length,
      distinct_dates: new Set(days).size,
      newest: newestDay,
      oldest: days[0] ?? null,
      note: LATEST_NOTE,
    },
    attribution: attributionOf(model, new Set(indicators.flatMap((n) => n.sources))),
    ...(general.length ? { warnings: general } : {}),
  });
}

export function writeLatest(model: Model, indicators: Map<string, NationalIndicator>, writer: OutputWriter): number {
  const all = [...indicators.values()].sort((a, b) => (a.variant < b.variant ? -1 : 1));
  writer.writeJson(LATEST_PATH, latestEnvelope(model, all));
  let files = 1;
  const groups = new Map<string, NationalIndicator[]>();
  const add = (path: string, n: NationalIndicator) => groups.set(path, [...(groups.get(path) ?? []), n]);
  for (const n of all) {
    const v = model.variants.get(n.variant)!;
    add(latestGroupPath('product', v.slug), n);
    add(latestGroupPath('product', v.product), n);
    add(latestGroupPath('category', v.category), n);
  }
  for (const [path, group] of groups) {
    writer.writeJson(path, latestEnvelope(model, group));
    files++;
  }
  return files;
}

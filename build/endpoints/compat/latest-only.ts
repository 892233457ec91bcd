/**
 * `latestOnly` of the compatibility prefix's /prices: for every /prices collection key, a
 * collection (core/collection-keys.ts `latestCollectionKey`) of the rows that are the newest of
 * their variant × market — the same serialized rows, in the same order (newest first), so the
 * edge windows it by `range` and pages it like any other. Of two rows of a variant and market on
 * its newest day, the first in that order (the smaller id) is the one.
 *
 * Computed whole every build (one row per variant and market: 1,073 on the real archive),
 * so an incremental build gives the same objects as a full one; unchanged partitions keep their
 * names (content hashes) and are taken from the previous build.
 */
import type { Day } from '../../../core/dates.ts';
import { latestCollectionKey, priceCollectionKeys } from '../../../core/collection-keys.ts';
import type { Db } from '../../../store/db.ts';
import { LineArena, type LineRef } from '../../line-arena.ts';
import { attributionOf, type Model } from '../../model.ts';
import { publishedRows } from '../../price-rows.ts';
import { granularityOf, isAgeable, TimeCollection } from '../../time-collection.ts';
import type { OutputWriter } from '../../writer.ts';

/** Rows on the newest day of their variant and market (the SQLite index on market and day finds them). */
const ON_NEWEST_DAY = `AND (n.variant_slug, o.market_slug, o.data_day) IN (
  SELECT n2.variant_slug, o2.market_slug, max(o2.data_day)
  FROM observations o2 JOIN source_names n2 ON n2.id = o2.source_name_id
  WHERE n2.variant_slug IS NOT NULL
  GROUP BY n2.variant_slug, o2.market_slug)`;

type Latest = {
  rows: { day: Day; line: LineRef; ageable: boolean }[];
  categories: Set<string>;
  cities: Set<string>;
  sources: Set<string>;
};

export function writeLatestCollections(
  db: Db,
  model: Model,
  writer: OutputWriter,
): { collections: number; rows: number; partitions: number } {
  const arena = new LineArena();
  const byKey = new Map<string, Latest>();
  const seen = new Set<string>();
  for (const r of publishedRows(db, model, ON_NEWEST_DAY)) {
    const pair = `${r.variant}|${r.market}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    const line = arena.add(r.json);
    const ageable = isAgeable(r.row.freshness);
    for (const key of priceCollectionKeys(r)) {
      let c = byKey.get(key);
      if (!c) byKey.set(key, (c = { rows: [], categories: new Set(), cities: new Set(), sources: new Set() }));
      c.rows.push({ day: r.day, line, ageable });
      c.categories.add(r.category);
      c.cities.add(r.city);
      c.sources.add(r.source);
    }
  }
  let partitions = 0;
  for (const key of [...byKey.keys()].sort()) {
    const c = byKey.get(key)!;
    const days = new Set(c.rows.map((r) => r.day));
    const months = new Set([...days].map((d) => d.slice(0, 7)));
    const collection = new TimeCollection(granularityOf(c.rows.length, months.size, days.size), 'desc', arena, writer);
    for (const r of c.rows) collection.push(r.day, r.line, r.ageable);
    partitions += collection.finish({
      kind: 'prices',
      key: latestCollectionKey(key),
      scope: {
        category: c.categories.size === 1 ? [...c.categories][0]! : null,
        city: c.cities.size === 1 ? [...c.cities][0]! : null,
      },
      attribution: attributionOf(model, c.sources),
    }).partitions;
  }
  return { collections: byKey.size, rows: seen.size, partitions };
}

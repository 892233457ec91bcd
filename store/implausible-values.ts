/**
 * Bounds of plausibility a row cannot know alone: a price far below or far above what its variant
 * has lately cost, or below a floor for its category and unit, is flagged `implausible_value` like
 * an impossible magnitude (sources/lib/normalise.ts). The cases it is for: a lost thousands
 * separator, `1,00` printed for `1.000,00` TL per 10 kg crate, published as 0.10 TL/kg of a fish
 * that costs 100; and a lost decimal point, `3000` for `30.00` TL/kg of peppers (a scraper's record
 * of Antalya's bulletin).
 *
 *   history  the median of the variant's averages (its unit, every market, corrections applied)
 *            on the data days 90 to 28 days before the row's, when there are at least 10; the
 *            last four weeks are left out so that a run of misprints cannot become its own history
 *   low      average < history / 20: seasonal falls in the real archive reach 1/8.5 and one
 *            1/17.5 (purslane in season after a winter at 325 TL/kg); misread magnitudes are 1/100
 *            and beyond
 *   high     average > history × 20, the mirror: a lost decimal point is × 100; the real archive's
 *            steepest seasonal rises stay under × 20, and at × 10 two real İzmir prices would be
 *            flagged
 *   floor    per category and unit, in TL of the base year, rising 20 % a year: slower than the
 *            archive's lowest prices rose, so a real price never meets it
 *
 * Computed from the whole store after every import and scrape (the rows of a variant, oldest
 * first), so the same documents give the same flags in any order; the flag is added to the row's
 * own flags (`row_flags`) in `quality_flags`, and withdrawn when the history no longer supports it.
 */
import { dayToEpochDays } from '../core/dates.ts';
import { lowerBound } from '../core/sorted.ts';
import type { Db } from './db.ts';

const IMPLAUSIBLE = 'implausible_value';
const HISTORY_DAYS = { from: 90, to: 28 } as const;
const MIN_HISTORY_ROWS = 10;
/** how far from its history an average may lie, either way */
const HISTORY_RATIO = 20;

const FLOOR_BASE_YEAR = 2014;
const FLOOR_GROWTH = 1.2;
/** TL per unit in the base year, by `category|unit`: about a fifth of the lowest real price. */
const FLOORS: Readonly<Record<string, number>> = {
  'balik|kg': 0.5,
  'meyve|kg': 0.04,
  'sebze|kg': 0.04,
  'meyve|adet': 0.1,
  'sebze|adet': 0.03,
  'sebze|bağ': 0.03,
  'sebze|demet': 0.03,
};

export function floorOf(category: string, unit: string, day: string): number | null {
  const base = FLOORS[`${category}|${unit}`];
  return base === undefined ? null : base * FLOOR_GROWTH ** (Number(day.slice(0, 4)) - FLOOR_BASE_YEAR);
}

export type PricedRow = { day: string; avg: number };

/** Which of a variant's rows (one unit, oldest first) lie below history / 20 or above history × 20. */
export function outsideHistory(rows: readonly PricedRow[]): boolean[] {
  const days = rows.map((r) => dayNumber(r.day));
  const window: number[] = [];
  let added = 0;
  let removed = 0;
  return rows.map((row, i) => {
    const day = days[i]!;
    while (added < rows.length && days[added]! <= day - HISTORY_DAYS.to) insertSorted(window, rows[added++]!.avg);
    while (removed < added && days[removed]! < day - HISTORY_DAYS.from) removeSorted(window, rows[removed++]!.avg);
    if (window.length < MIN_HISTORY_ROWS) return false;
    const median = medianOfSorted(window);
    return row.avg < median / HISTORY_RATIO || row.avg > median * HISTORY_RATIO;
  });
}

const dayNumbers = new Map<string, number>();
/** Memoised: called for every row of the store. */
function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) dayNumbers.set(day, (n = dayToEpochDays(day)));
  return n;
}

const insertSorted = (sorted: number[], v: number) => sorted.splice(lowerBound(sorted, v), 0, v);
const removeSorted = (sorted: number[], v: number) => sorted.splice(lowerBound(sorted, v), 1);

function medianOfSorted(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Group = { category: string; unit: string; rows: { rowid: number; day: string; avg: number }[] };

/**
 * Sets `quality_flags` of every observation to its own flags plus the flag where it applies;
 * returns the rows flagged and the rows changed. One scan of the table, grouped here (a sort by
 * variant in SQLite took three times as long).
 */
export function markImplausibleValues(db: Db): { flagged: number; changed: number } {
  // A printed name's rows are in its unit: the name says which group (variant × unit) a row is in.
  const groups = new Map<string, Group>();
  const groupOf = new Map<number, Group>();
  for (const [id, variant, unit, category] of db
    .prepare(`SELECT n.id, n.variant_slug, n.unit, p.category_slug FROM source_names n
      JOIN variants v ON v.slug = n.variant_slug JOIN products p ON p.slug = v.product_slug`)
    .raw()
    .iterate() as IterableIterator<[number, string, string, string]>) {
    const key = `${variant}|${unit}`;
    if (!groups.has(key)) groups.set(key, { category, unit, rows: [] });
    groupOf.set(id, groups.get(key)!);
  }
  const corrected = new Map(
    db
      .prepare(`SELECT o.rowid, c.value FROM corrections c JOIN observations o ON o.id = c.observation_id
                WHERE c.field = 'avg_price' ORDER BY c.corrected_at, c.id`)
      .raw()
      .all() as [number, number][],
  );
  /** rows whose stored flags are more than their own: the flag may have to go */
  const flaggedBefore: number[] = [];
  const scan = db
    .prepare('SELECT rowid, data_day, avg_price, source_name_id, row_flags <> quality_flags FROM observations')
    .raw();
  for (const [rowid, day, avg, nameId, differs] of scan.iterate() as IterableIterator<
    [number, string, number, number, number]
  >) {
    if (differs) flaggedBefore.push(rowid);
    groupOf.get(nameId)?.rows.push({ rowid, day, avg: corrected.get(rowid) ?? avg });
  }
  const implausible = new Set<number>();
  for (const { category, unit, rows } of groups.values()) {
    rows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.rowid - b.rowid));
    const outside = outsideHistory(rows);
    rows.forEach((r, i) => {
      if (outside[i] || r.avg < (floorOf(category, unit, r.day) ?? 0)) implausible.add(r.rowid);
    });
  }
  return {
    flagged: implausible.size,
    changed: settleFlags(db, new Set([...flaggedBefore, ...implausible]), implausible),
  };
}

/** Writes quality_flags = the row's own flags (+ the flag) where that differs from what is stored. */
function settleFlags(db: Db, rowids: Set<number>, implausible: Set<number>): number {
  const read = db.prepare('SELECT row_flags, quality_flags FROM observations WHERE rowid = ?');
  const update = db.prepare('UPDATE observations SET quality_flags = ? WHERE rowid = ?');
  let changed = 0;
  db.transaction(() => {
    for (const rowid of rowids) {
      const { row_flags, quality_flags } = read.get(rowid) as { row_flags: string; quality_flags: string };
      const flags = implausible.has(rowid) ? withFlag(row_flags) : row_flags;
      if (flags === quality_flags) continue;
      update.run(flags, rowid);
      changed++;
    }
  })();
  return changed;
}

function withFlag(rowFlags: string): string {
  const flags = JSON.parse(rowFlags) as string[];
  return flags.includes(IMPLAUSIBLE) ? rowFlags : JSON.stringify([...flags, IMPLAUSIBLE]);
}

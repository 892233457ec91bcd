/**
 * Frozen sources. A bulletin whose fingerprint (its rows, names and prices: store/ingest.ts) equals the same
 * market's previous bulletin repeats it: kept as printed, but not a new list. A source is
 * frozen when its current run of repeats is at least max(4, its longest earlier run + 2)
 * bulletins: a market that repeats itself over a long weekend is not frozen, one that has
 * printed the same list for weeks is.
 */
import type { Db } from './db.ts';

export function markRepeatedBulletins(db: Db): void {
  db.exec(`
    WITH ordered AS (
      SELECT source_key, market_slug, data_day,
             fingerprint = LAG(fingerprint) OVER (PARTITION BY source_key, market_slug ORDER BY data_day) AS repeats
      FROM bulletins)
    UPDATE bulletins SET repeats_previous = coalesce(ordered.repeats, 0)
    FROM ordered
    WHERE bulletins.source_key = ordered.source_key AND bulletins.market_slug = ordered.market_slug AND bulletins.data_day = ordered.data_day`);
}

export const FROZEN_MIN_RUN = 4;

/** Runs of repeats per market, oldest first: the last entry is the current run (0 if the latest is new). */
export function repeatRuns(flags: number[]): number[] {
  const runs: number[] = [];
  let run = 0;
  for (const f of flags) {
    if (f) run++;
    else {
      if (run) runs.push(run);
      run = 0;
    }
  }
  runs.push(run);
  return runs;
}

export function isFrozenRun(runs: number[]): boolean {
  const current = runs[runs.length - 1] ?? 0;
  const longestEarlier = Math.max(0, ...runs.slice(0, -1));
  return current >= Math.max(FROZEN_MIN_RUN, longestEarlier + 2);
}

/** Sources with a market whose current run of repeated lists makes it frozen. */
export function frozenSources(db: Db): Set<string> {
  const rows = db
    .prepare(
      'SELECT source_key, market_slug, repeats_previous FROM bulletins ORDER BY source_key, market_slug, data_day',
    )
    .all() as {
    source_key: string;
    market_slug: string;
    repeats_previous: number;
  }[];
  const flags = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.source_key}|${r.market_slug}`;
    if (!flags.has(key)) flags.set(key, []);
    flags.get(key)!.push(r.repeats_previous);
  }
  const frozen = new Set<string>();
  for (const [key, f] of flags) if (isFrozenRun(repeatRuns(f))) frozen.add(key.split('|')[0]!);
  return frozen;
}

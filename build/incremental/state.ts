/**
 * What a build leaves for the next night's build (`build-state.json` beside its manifest), and
 * the boundary day that decides what the next build may take from it.
 *
 * A published row's bytes depend on its observation, the model (sources, markets, catalogue,
 * links of printed names, holidays, corrections), the build's code, and its freshness. Freshness
 * depends on the build day only through the row's age class (fresh, delayed, stale by missed
 * publishing days: stale stays stale as days pass) and on a source's condition only for the
 * source's latest data day (build/freshness.ts). The age class counts even where the row is
 * published `stale` for another reason: an archive row's warnings gain `data_delayed`, then
 * `data_stale`, as it ages. So with the same model and code, every row older than
 *   D = min(first data day written since the previous build saw the store, its oldest day not
 *       yet stale by age, the latest data day (then and now) of every source whose latest rows
 *       may read differently)
 * serializes to the same bytes as last night, and the build may take them from its output.
 * A source's latest rows read the same when that day was already stale by age and it stays the
 * latest under the same condition, or stops being the latest under `ok` (no mark to lose).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { classByMissedDays, missedPublishingDays, type PublishingCalendar } from '../../core/calendar.ts';
import { addDays, type Day } from '../../core/dates.ts';
import type { Db } from '../../store/db.ts';
import type { Model } from '../model.ts';

export const STATE_FILE = 'build-state.json';
const FORMAT = 1;

export const BuildState = z.strictObject({
  format: z.literal(FORMAT),
  today: z.string(),
  /** the store clock the build saw (data/migrations/003_changed_days.sql): days stamped later may have changed since */
  clock: z.int(),
  /** printed names up to this id were fingerprinted (later ones can only name rows of changed days) */
  maxNameId: z.int(),
  fingerprint: z.string(),
  /** the oldest data day not yet stale by age for its source (its rows read differently on a later day); null: none */
  agingFrom: z.string().nullable(),
  /** each source's latest data day and condition (which marks that day's rows), and whether that day was stale by age */
  latest: z.record(z.string(), z.strictObject({ day: z.string(), condition: z.string(), settled: z.boolean() })),
});
export type BuildStateT = z.infer<typeof BuildState>;

/** What a build reuses of the previous one: rows older than `from`, or nothing (`full`, with the reason). */
export type Boundary = { from: Day } | { full: string };

/** The build's state as it begins; advances the store clock. */
export function beginState(db: Db, model: Model): BuildStateT {
  const state = currentState(db, model);
  // Writes from now on (even during this build) are stamped later than what this build saw.
  advanceClock(db);
  return state;
}

/**
 * Every write from now on is stamped later than any before. A build does it as it begins; so does
 * saving the store for the next night (publish/store-copy.ts), in the saved copy: the nightly
 * saves it after the scrape and before the build, so tonight's build sees the clock the copy had,
 * and the writes of the next night, on the restored copy, are stamped later than that.
 */
export function advanceClock(db: Pick<Db, 'prepare'>): void {
  db.prepare('UPDATE store_clock SET n = n + 1').run();
}

/** The state a build beginning now would have, the store left as it is (what to fetch for it: publish/fetch-previous.ts). */
export function currentState(db: Db, model: Model): BuildStateT {
  const clock = db.prepare('SELECT n FROM store_clock').pluck().get() as number;
  const maxNameId = db.prepare('SELECT coalesce(max(id), 0) FROM source_names').pluck().get() as number;
  return {
    format: FORMAT,
    today: model.today,
    clock,
    maxNameId,
    fingerprint: fingerprint(db, maxNameId),
    agingFrom: agingFromOf(model),
    latest: latestOf(model),
  };
}

/** What this build (`now`, from beginState) may take from the previous one. */
export function boundary(db: Db, now: BuildStateT, previous: BuildStateT | null): Boundary {
  if (!previous) return { full: 'no previous build' };
  if (now.today < previous.today) return { full: `the previous build is of a later day (${previous.today})` };
  // Names added since the previous build can only name rows of changed days: fingerprint the ones it knew.
  const model = now.maxNameId === previous.maxNameId ? now.fingerprint : fingerprint(db, previous.maxNameId);
  if (model !== previous.fingerprint)
    return { full: 'the build code, sources, markets, catalogue, name links, holidays or corrections changed' };
  // Stamped later than the clock it saw: written after it read the store (advanceClock).
  const changed = db
    .prepare('SELECT min(day) FROM changed_days WHERE clock > ?')
    .pluck()
    .get(previous.clock) as Day | null;
  const candidates = [changed, previous.agingFrom];
  for (const source of new Set([...Object.keys(previous.latest), ...Object.keys(now.latest)])) {
    const [then, today] = [previous.latest[source], now.latest[source]];
    const same = then !== undefined && today !== undefined && then.day === today.day;
    // A settled latest day reads the same if it stays latest under the same condition, or stops being latest with none to lose.
    if (then && !(then.settled && (same ? then.condition === today!.condition : then.condition === 'ok')))
      candidates.push(then.day);
    if (today && !same && !(today.settled && today.condition === 'ok')) candidates.push(today.day);
  }
  const days = candidates.filter((d): d is Day => d !== null);
  // Nothing changed and nothing can read differently: every row is taken (a day after any data day).
  return { from: days.length ? days.reduce((a, b) => (a < b ? a : b)) : '9999-12-31' };
}

const isStaleByAge = (calendar: PublishingCalendar, day: Day, today: Day) =>
  classByMissedDays(missedPublishingDays(calendar, day, today)) === 'stale';
/** A bound on the walk back: a calendar publishes on some weekdays (rows stale within weeks) or on none (rows never age). */
const AGING_WALK_DAYS = 366;

/**
 * The oldest data day, of any source, not stale by age today: found from each source's latest day
 * backwards (the age class only grows with age), without reading a row.
 */
function agingFromOf(model: Model): Day | null {
  let oldest: Day | null = null;
  for (const { state } of model.sources.values()) {
    if (state.latestDay === null || isStaleByAge(state.calendar, state.latestDay, model.today)) continue;
    let day = state.latestDay;
    for (let n = 0; n < AGING_WALK_DAYS && !isStaleByAge(state.calendar, addDays(day, -1), model.today); n++)
      day = addDays(day, -1);
    if (oldest === null || day < oldest) oldest = day;
  }
  return oldest;
}

function latestOf(model: Model): BuildStateT['latest'] {
  const latest: BuildStateT['latest'] = {};
  for (const [key, { state }] of [...model.sources].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (state.latestDay === null) continue;
    const settled = isStaleByAge(state.calendar, state.latestDay, model.today);
    latest[key] = { day: state.latestDay, condition: state.condition, settled };
  }
  return latest;
}

const MODEL_SQL = [
  'SELECT * FROM sources ORDER BY key',
  'SELECT * FROM markets ORDER BY slug',
  'SELECT * FROM categories ORDER BY 1',
  'SELECT * FROM products ORDER BY slug',
  'SELECT * FROM variants ORDER BY slug',
  'SELECT * FROM holidays ORDER BY day',
  'SELECT * FROM corrections ORDER BY id',
];

/** Everything a row depends on besides its observation and freshness: the model's tables and the code that writes rows. */
function fingerprint(db: Db, maxNameId: number): string {
  const hash = createHash('sha256');
  for (const sql of MODEL_SQL) hash.update(JSON.stringify(db.prepare(sql).raw().all())).update('\n');
  hash.update(
    JSON.stringify(
      db.prepare('SELECT id, variant_slug FROM source_names WHERE id <= ? ORDER BY id').raw().all(maxNameId),
    ),
  );
  hash.update(codeFingerprint());
  return hash.digest('hex');
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE_DIRS = ['store', 'build', 'core', 'schemas'];
let code: string | null = null;

/** The build's code and locked dependencies: another version of either may write other bytes. */
function codeFingerprint(): string {
  if (code !== null) return code;
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      const path = join(dir, name);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (/\.(ts|mjs|json)$/.test(name) && !/\.test\.ts$/.test(name)) files.push(path);
    }
  };
  for (const dir of CODE_DIRS) walk(dir);
  for (const file of [...files, 'package-lock.json'])
    if (existsSync(join(ROOT, file))) hash.update(file).update(readFileSync(join(ROOT, file)));
  return (code = hash.digest('hex'));
}

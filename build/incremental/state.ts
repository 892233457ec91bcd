/**
 * What a build leaves for the next night's build (`build-state.json` beside its manifest), and
 * the boundary day that decides what the next build may take from it.
 *
 * A published row's bytes depend on its observation, the model (sources, markets, catalogue,
 * links of printed names, holidays, corrections), the build's code, and its freshness. Freshness
 * depends on the build day only for rows that were `fresh` or `delayed` (stale stays stale as
 * days pass) and on a source's condition only for the source's latest data day
 * (build/freshness.ts). So with the same model and code, every row older than
 *   D = min(first data day written since the previous build saw the store, its oldest fresh
 *       or delayed day, the latest data day (then and now) of every source whose latest rows
 *       may read differently)
 * serializes to the same bytes as last night, and the build may take them from its output.
 * A source's latest rows read the same when that day was already stale by age and it stays the
 * latest under the same condition, or stops being the latest under `ok` (no mark to lose): a
 * condition can turn a row `failed` or `stale` while its warnings still follow its age, so the
 * fresh-or-delayed day alone does not cover them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Day } from '../../core/dates.ts';
import { classByMissedDays, missedPublishingDays } from '../../core/calendar.ts';
import type { Db } from '../db.ts';
import type { Model } from '../model.ts';

export const STATE_FILE = 'build-state.json';
const FORMAT = 1;

export const BuildState = z.strictObject({
  format: z.literal(FORMAT),
  today: z.string(),
  /** the store clock the build saw (data/migrations/003_changed_days.sql): days stamped with it or later may have changed since */
  clock: z.int(),
  /** printed names up to this id were fingerprinted (later ones can only name rows of changed days) */
  maxNameId: z.int(),
  fingerprint: z.string(),
  /** the oldest data day of a row published fresh or delayed (re-classified on a later day); null: none */
  agingFrom: z.string().nullable(),
  /** each source's latest data day and condition (which marks that day's rows), and whether that day was stale by age */
  latest: z.record(z.string(), z.strictObject({ day: z.string(), condition: z.string(), settled: z.boolean() })),
});
export type BuildStateT = z.infer<typeof BuildState>;

/** What a build reuses of the previous one: rows older than `from`, or nothing (`full`, with the reason). */
export type Boundary = { from: Day } | { full: string };

/** A build's state before its price collections find `agingFrom`. */
export type BeginningState = Omit<BuildStateT, 'agingFrom'>;

/** The build's own state but its `agingFrom` (the price collections find it); advances the store clock. */
export function beginState(db: Db, model: Model): BeginningState {
  const clock = db.prepare('SELECT n FROM store_clock').pluck().get() as number;
  // Writes from now on (even during this build) are stamped later than what this build saw.
  db.prepare('UPDATE store_clock SET n = n + 1').run();
  const maxNameId = db.prepare('SELECT coalesce(max(id), 0) FROM source_names').pluck().get() as number;
  return { format: FORMAT, today: model.today, clock, maxNameId, fingerprint: fingerprint(db, maxNameId), latest: latestOf(model) };
}

/** What this build (`now`, from beginState) may take from the previous one. */
export function boundary(db: Db, now: BeginningState, previous: BuildStateT | null): Boundary {
  if (!previous) return { full: 'no previous build' };
  if (now.today < previous.today) return { full: `the previous build is of a later day (${previous.today})` };
  // Names added since the previous build can only name rows of changed days: fingerprint the ones it knew.
  const model = now.maxNameId === previous.maxNameId ? now.fingerprint : fingerprint(db, previous.maxNameId);
  if (model !== previous.fingerprint) return { full: 'the build code, sources, markets, catalogue, name links, holidays or corrections changed' };
  // `>=`, not `>`: a store saved before the previous build advanced its clock (the nightly saves it
  // right after the scrape) is restored with the clock that build saw, and stamps new writes with it.
  // The cost: days written just before the previous build are built again.
  const changed = db.prepare('SELECT min(day) FROM changed_days WHERE clock >= ?').pluck().get(previous.clock) as Day | null;
  const candidates = [changed, previous.agingFrom];
  for (const source of new Set([...Object.keys(previous.latest), ...Object.keys(now.latest)])) {
    const [then, today] = [previous.latest[source], now.latest[source]];
    const same = then !== undefined && today !== undefined && then.day === today.day;
    // A settled latest day reads the same if it stays latest under the same condition, or stops being latest with none to lose.
    if (then && !(then.settled && (same ? then.condition === today!.condition : then.condition === 'ok'))) candidates.push(then.day);
    if (today && !same && !(today.settled && today.condition === 'ok')) candidates.push(today.day);
  }
  const days = candidates.filter((d): d is Day => d !== null);
  // Nothing changed and nothing can read differently: every row is taken (a day after any data day).
  return { from: days.length ? days.reduce((a, b) => (a < b ? a : b)) : '9999-12-31' };
}

function latestOf(model: Model): BuildStateT['latest'] {
  const latest: BuildStateT['latest'] = {};
  for (const [key, { state }] of [...model.sources].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (state.latestDay === null) continue;
    const settled = classByMissedDays(missedPublishingDays(state.calendar, state.latestDay, model.today)) === 'stale';
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
  hash.update(JSON.stringify(db.prepare('SELECT id, variant_slug FROM source_names WHERE id <= ? ORDER BY id').raw().all(maxNameId)));
  hash.update(codeFingerprint());
  return hash.digest('hex');
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE_DIRS = ['build', 'core', 'schemas'];
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
  for (const file of [...files, 'package-lock.json']) if (existsSync(join(ROOT, file))) hash.update(file).update(readFileSync(join(ROOT, file)));
  return (code = hash.digest('hex'));
}

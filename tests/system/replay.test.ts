/**
 * The replay (scripts/replay/run.ts) over a short span, checked night by night where it can be
 * cheaply: the nightly's phases run each night against the stand-ins of the official sites and
 * publish into the local worker's bucket, from an archive of Adana's pages before the span.
 * Five nights (and the eve), each kind of fault once: Adana's site down on the first and second,
 * İzmir's list cut off half-way on the first, the publish killed on the third, the job not run on
 * the fourth; the fifth recovers with no hand. After each night:
 * - every row of every document fetched for D is stored, and served by /prices?date=D from the next
 *   published build when its printed name is linked to a product of the catalogue (the rest are the
 *   names report's unlinked names: Adana prints a few the catalogue has no alias for), per source;
 * - no observation stored on an earlier night is lost or changed;
 * - the worker serves the newest build published: a killed or skipped night leaves the one before;
 * - the last night's published build equals a full build of the same store and day (manifest, byte for byte);
 * - Adana's and İzmir's lines of /sources/status follow the rules, back to fresh on the last night;
 * and at the end the worker says it serves on a replay clock, a setting only the local worker has.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build.ts';
import type { Day } from '../../core/dates.ts';
import { openDb } from '../../store/db.ts';
import { replayArchive } from '../../scripts/replay/archive.ts';
import type { Faults } from '../../scripts/replay/faults.ts';
import { runReplay, type Replay, type ReplayedNight } from '../../scripts/replay/run.ts';
import { digestOf, observationRows } from '../support/scrape-nights.ts';

const FROM = '2026-06-04';
const TO = '2026-06-08';
const DOWN = ['2026-06-04', '2026-06-05'];
const TRUNCATED = '2026-06-04';
const KILLED = '2026-06-06';
const SKIPPED = '2026-06-07';
const FAULTS: Partial<Faults> = {
  down: [{ source: 'adana', nights: DOWN }],
  truncated: [{ source: 'izmir', night: TRUNCATED }],
  killed: [{ night: KILLED, afterPuts: 500 }],
  skipped: [SKIPPED],
};
const MARKETS = { adana: 'adana-sebze-meyve', izmir: 'izmir-sebze-meyve' } as const;
type Source = keyof typeof MARKETS;
const SOURCES = Object.keys(MARKETS) as Source[];

const dir = mkdtempSync(join(tmpdir(), 'hal-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Adana's pages before the span, and nothing else: a small store, whose history the nights must keep. */
function adanaArchive(): string {
  const archive = join(dir, 'archive');
  replayArchive(archive, FROM);
  // Only Adana's folder: the import reads the sources that have an archive.json there.
  const start = join(dir, 'start');
  mkdirSync(start);
  renameSync(join(archive, 'adana'), join(start, 'adana'));
  return start;
}

type State = { status: string; freshness: string; warnings: string[] };
type Checked = {
  day: Day;
  /**
   * per source: the rows of the documents fetched tonight, their stored observations (those whose name is
   * linked to a product, and the others)
   */
  rows: Record<string, { printed: number; stored: number; linked: string[]; unlinked: number }>;
  /** the observations stored before tonight, as they were and as they are now */
  earlier: { before: string; after: string; count: number };
  /** the build /health names, and the one the nightly published tonight (none when it published nothing) */
  build: { served: string; published: string | null };
  adana: State;
  izmir: State;
};
/** Day D's linked rows of a source, and what /prices?date=D serves of them once a build holding D is published. */
type ServedCheck = { day: Day; source: Source; servedOn: Day; linked: string[]; served: string[] };

let replay: Replay;
const checked: Checked[] = [];
const servedChecks: ServedCheck[] = [];
/** rows fetched on nights whose build is not served yet */
let unserved: Omit<ServedCheck, 'servedOn' | 'served'>[] = [];
let stored = new Map<string, string>();
/** the newest document stored before tonight */
let documentsBefore = 0;
let ip = 0;

async function get(path: string): Promise<any> {
  const answer = await fetch(new URL(path, replay.worker.url), {
    headers: { 'cf-connecting-ip': `10.77.0.${++ip % 250}` },
  });
  expect(answer.status, path).toBeLessThan(500);
  return answer.json();
}

/** The observation ids /prices serves for day D at one market, every page. */
async function servedIds(day: Day, market: string): Promise<string[]> {
  const ids: string[] = [];
  let path: string | null = `/api/v1/prices?date=${day}&market=${market}&limit=200`;
  while (path) {
    const page = await get(path);
    ids.push(...page.items.map((row: { observationUrl: string }) => row.observationUrl.split('/').at(-1)));
    path = page.meta.next;
  }
  return ids.sort();
}

/** What the night's runner stored: the rows of the documents it fetched, and the observations stored before. */
function storedTonight(night: ReplayedNight, r: Replay): Pick<Checked, 'rows' | 'earlier'> {
  const db = openDb(r.paths.db);
  try {
    const after = observationRows(db);
    const earlier = {
      before: digestOf(stored.values()),
      after: digestOf([...stored.keys()].map((id) => after.get(id) ?? `${id} missing`)),
      count: stored.size,
    };
    const fetched = db
      .prepare("SELECT id, source_key, rows FROM documents WHERE kind = 'live' AND id > ?")
      .all(documentsBefore) as { id: number; source_key: string; rows: number }[];
    documentsBefore = db.prepare('SELECT max(id) FROM documents').pluck().get() as number;
    const rows: Checked['rows'] = {};
    for (const source of SOURCES) {
      const docs = fetched.filter((d) => d.source_key === source);
      const observations = db
        .prepare(
          `SELECT o.id, n.variant_slug AS variant FROM observations o JOIN source_names n ON n.id = o.source_name_id
           WHERE o.data_day = ? AND o.document_id IN (${docs.map((d) => d.id).join(',') || 'NULL'}) ORDER BY o.id`,
        )
        .all(night.day) as { id: string; variant: string | null }[];
      rows[source] = {
        printed: docs.reduce((n, d) => n + d.rows, 0),
        stored: observations.length,
        linked: observations.filter((o) => o.variant !== null).map((o) => o.id),
        unlinked: observations.filter((o) => o.variant === null).length,
      };
      if (docs.length) unserved.push({ day: night.day, source, linked: rows[source].linked });
    }
    stored = after;
    return { rows, earlier };
  } finally {
    db.close();
  }
}

/** A night whose job did not run has no runner: nothing fetched, nothing stored, the store the bucket holds unchanged. */
const nothingTonight = (): Pick<Checked, 'rows' | 'earlier'> => ({
  rows: Object.fromEntries(SOURCES.map((source) => [source, { printed: 0, stored: 0, linked: [], unlinked: 0 }])),
  earlier: { before: digestOf(stored.values()), after: digestOf(stored.values()), count: stored.size },
});

async function afterNight(night: ReplayedNight, r: Replay): Promise<void> {
  replay = r;
  const tonight = night.report.phases.length ? storedTonight(night, r) : nothingTonight();
  const published = night.report.published?.buildId ?? null;
  if (published) {
    for (const u of unserved)
      servedChecks.push({ ...u, servedOn: night.day, served: await servedIds(u.day, MARKETS[u.source]) });
    unserved = [];
  }
  const status = await get('/api/v1/sources/status');
  const state = (key: string): State => {
    const item = status.items.find((i: { key: string }) => i.key === key);
    return { status: item.status, freshness: item.freshness, warnings: [...item.warnings].sort() };
  };
  // /health answers 503 while a source is stale, with the same body.
  const health = (await (await fetch(new URL('/api/v1/health', r.worker.url))).json()) as { build: { id: string } };
  checked.push({
    day: night.day,
    ...tonight,
    build: { served: health.build.id, published },
    adana: state('adana'),
    izmir: state('izmir'),
  });
}

const lines: string[] = [];
beforeAll(async () => {
  replay = await runReplay({
    from: FROM,
    to: TO,
    dir: join(dir, 'replay'),
    archive: adanaArchive(),
    faults: FAULTS,
    snapshot: false,
    log: (line) => lines.push(line),
    afterNight,
  });
  // Five nightly runs (one stops half-way, one does not run) and a worker: about two minutes on two idle cores.
}, 600_000);
afterAll(() => replay?.close());

describe('a replay of five real nights, each kind of fault once', () => {
  it('prints one line a night, the eve first, each fault where it happened', () => {
    const nightLines = lines.filter((l) => /^\d{4}-\d{2}-\d{2} · /.test(l));
    expect(nightLines.map((l) => l.slice(0, 10))).toEqual(['2026-06-03', ...DOWN, KILLED, SKIPPED, TO]);
    const faultsOn = (day: Day) =>
      (nightLines.find((l) => l.startsWith(day))!.split(' · faults: ')[1] ?? '').split(' · ')[0];
    expect(faultsOn(TRUNCATED)).toBe('adana down, izmir truncated');
    expect(faultsOn(DOWN[1]!)).toBe('adana down');
    expect(faultsOn(KILLED)).toBe('publish killed after 500 objects');
    expect(faultsOn(SKIPPED)).toBe('job not run');
    expect(faultsOn(TO)).toBe('');
    // Only the killed night fails, in its publish phase; the next nights need no hand.
    expect(
      nightLines.filter((l) => l.includes('FAILED')).map((l) => l.slice(0, 10)),
      lines.join('\n'),
    ).toEqual([KILLED]);
    expect(nightLines.find((l) => l.startsWith(KILLED))).toMatch(
      /FAILED publish: the runner was killed after 500 objects/,
    );
  });

  it('serves the newest build published: a killed or skipped night leaves the one before', () => {
    const published = checked.map((c) => c.build.published);
    expect(published.map((p) => p !== null)).toEqual([true, true, true, false, false, true]);
    for (const [i, c] of checked.entries())
      expect(c.build.served, c.day).toBe(published.slice(0, i + 1).findLast((p) => p !== null));
  });

  it('stores every row of every document fetched for D and serves each linked to a product at /prices?date=D, per source', () => {
    for (const c of checked.slice(1)) {
      const printed = (source: string) => c.rows[source]!.printed;
      // Nothing fetched the night the job did not run, nor the night İzmir was cut off and Adana down.
      if (c.day === SKIPPED || c.day === TRUNCATED) expect([printed('izmir'), printed('adana')], c.day).toEqual([0, 0]);
      else {
        expect(printed('izmir'), c.day).toBeGreaterThan(80);
        if (DOWN.includes(c.day)) expect(printed('adana'), c.day).toBe(0);
        else expect(printed('adana'), c.day).toBeGreaterThan(50);
      }
      for (const [source, r] of Object.entries(c.rows)) expect(r.stored, `${c.day} ${source}`).toBe(r.printed);
    }
    for (const check of servedChecks) expect(check.served, `${check.day} ${check.source}`).toEqual(check.linked);
    // The killed night's rows come out with the next build published, two nights later.
    expect(servedChecks.filter((c) => c.servedOn !== c.day).map((c) => [c.day, c.source, c.servedOn])).toEqual([
      [KILLED, 'adana', TO],
      [KILLED, 'izmir', TO],
    ]);
    // What is not served is named: Adana's few names without a catalogue alias, İzmir's none.
    expect(checked.slice(1).map((c) => [c.rows.izmir!.unlinked, c.rows.adana!.unlinked])).toEqual([
      [0, 0],
      [0, 0],
      [0, 8],
      [0, 0],
      [0, 8],
    ]);
  });

  it('loses or changes no observation stored on an earlier night', () => {
    // The eve imported Adana's pages before the span: the first night already has history to keep.
    expect(checked[1]!.earlier.count).toBeGreaterThan(100);
    for (const c of checked) expect(c.earlier.after, c.day).toBe(c.earlier.before);
    expect(checked.at(-1)!.earlier.count).toBeGreaterThan(checked[1]!.earlier.count);
  });

  it("the last night's published build equals a full build of the same store and day", () => {
    const last = replay.nights.at(-1)!;
    expect(last.report.build?.boundary).toHaveProperty('from');
    const db = openDb(replay.paths.db);
    try {
      buildSite({ db, outDir: join(dir, 'full'), today: last.clock.today, builtAt: last.clock.at });
    } finally {
      db.close();
    }
    const incremental = readFileSync(join(replay.paths.out, 'manifest.json'));
    expect(incremental.equals(readFileSync(join(dir, 'full', 'manifest.json')))).toBe(true);
  });

  it("Adana's and İzmir's status follow the rules, and are fresh again on the last night", () => {
    const archiveOnly = (warnings: string[]) => [...warnings, 'static_archive'].sort();
    const unreachable = {
      status: 'unreachable',
      freshness: 'failed',
      warnings: archiveOnly(['data_delayed', 'source_unreachable']),
    };
    const fresh = { status: 'verified', freshness: 'fresh', warnings: [] };
    const delayed = { status: 'verified', freshness: 'delayed', warnings: ['data_delayed'] };
    // Until its first live list, all Adana has is the archive the eve imported. The killed and the
    // skipped night leave the build before them served: its states, aged by the worker's clock.
    expect(checked.map((c) => c.adana)).toEqual([
      { status: 'verified', freshness: 'stale', warnings: archiveOnly([]) },
      { status: 'verified', freshness: 'failed', warnings: archiveOnly(['data_delayed', 'last_fetch_failed']) },
      unreachable,
      unreachable,
      unreachable,
      fresh,
    ]);
    // İzmir's list cut off half-way: refused, the source broken for a night, fresh the next with no hand.
    expect(checked.map((c) => c.izmir)).toEqual([
      { status: 'verified', freshness: 'unavailable', warnings: ['no_data'] },
      { status: 'broken', freshness: 'unavailable', warnings: ['no_data', 'source_broken'] },
      fresh,
      delayed,
      delayed,
      fresh,
    ]);
  });

  it('says it is a replay clock, on /health, its pages and every answer; the deployed worker has no such clock', async () => {
    const last = replay.nights.at(-1)!;
    const health = await fetch(new URL('/api/v1/health', replay.worker.url));
    const body = (await health.json()) as { build: { today: string }; replayClock: { now: string; note: string } };
    expect(body.build.today).toBe(last.clock.today);
    expect(body.replayClock.now.slice(0, 10)).toBe(last.clock.today);
    expect(body.replayClock.note).toContain('Replay clock');
    const page = await fetch(new URL('/data-health', replay.worker.url), { headers: { 'accept-encoding': 'br' } });
    expect(await page.text()).toContain('<p class="replay-clock" role="status">Replay clock');
    const prices = await fetch(new URL(`/api/v1/prices?date=${TO}&limit=1`, replay.worker.url));
    expect(prices.headers.get('x-replay-clock')?.slice(0, 10)).toBe(last.clock.today);
    // wrangler.toml deploys edge/worker.ts, and nothing under edge/ knows the replay's clock.
    expect(readFileSync('wrangler.toml', 'utf8')).toMatch(/^main = "edge\/worker\.ts"$/m);
    const edge = readdirSync('edge', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(edge.filter((f) => /REPLAY_CLOCK|replay-clock/.test(readFileSync(join('edge', f), 'utf8')))).toEqual([]);
  });
});

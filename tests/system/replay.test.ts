/**
 * The replay (scripts/replay/run.ts) over a short span, checked night by night where it can be
 * cheaply: the nightly's phases run each night against the stand-ins of the official sites and
 * publish into the local worker's bucket, from an archive of Adana's pages before the span.
 * Three nights (and the eve) with one fault, Adana's site down on the first and second:
 * - every row of every document fetched for D is stored, and served by /prices?date=D when its printed
 *   name is linked to a product of the catalogue (the rest are the names report's unlinked names: Adana
 *   prints a few the catalogue has no alias for), counted per source;
 * - no observation stored on an earlier night is lost or changed;
 * - the last night's published build equals a full build of the same store and day (manifest, byte for byte);
 * - Adana's line of /sources/status follows the rule: a failed fetch, then unreachable, then fresh;
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
import { runReplay, type Replay, type ReplayedNight } from '../../scripts/replay/run.ts';
import { digestOf, observationRows } from '../support/scrape-nights.ts';

const FROM = '2026-06-04';
const TO = '2026-06-06';
const DOWN = ['2026-06-04', '2026-06-05'];
const MARKETS = { adana: 'adana-sebze-meyve', izmir: 'izmir-sebze-meyve' } as const;

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

type Checked = {
  day: Day;
  /**
   * per source: the rows of the documents fetched tonight, their stored observations (those whose name is
   * linked to a product, and the others), those /prices?date=D serves
   */
  rows: Record<string, { printed: number; stored: number; linked: string[]; unlinked: number; served: string[] }>;
  /** the observations stored before tonight, as they were and as they are now */
  earlier: { before: string; after: string; count: number };
  adana: { status: string; freshness: string; warnings: string[] };
};

let replay: Replay;
const checked: Checked[] = [];
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

async function afterNight(night: ReplayedNight, r: Replay): Promise<void> {
  replay = r;
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
    for (const [source, market] of Object.entries(MARKETS)) {
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
        served: docs.length ? await servedIds(night.day, market) : [],
      };
    }
    const status = await get('/api/v1/sources/status');
    const adana = status.items.find((i: { key: string }) => i.key === 'adana');
    checked.push({
      day: night.day,
      rows,
      earlier,
      adana: { status: adana.status, freshness: adana.freshness, warnings: [...adana.warnings].sort() },
    });
    stored = after;
  } finally {
    db.close();
  }
}

const lines: string[] = [];
beforeAll(async () => {
  replay = await runReplay({
    from: FROM,
    to: TO,
    dir: join(dir, 'replay'),
    archive: adanaArchive(),
    down: [{ source: 'adana', nights: DOWN }],
    snapshot: false,
    log: (line) => lines.push(line),
    afterNight,
  });
  // Four nightly runs and a worker: about a minute and a half on two idle cores, twice that when they are shared.
}, 600_000);
afterAll(() => replay?.close());

describe('a replay of three real nights, Adana down on two of them', () => {
  it('prints one line a night, the eve first, the fault where it happened', () => {
    const nightLines = lines.filter((l) => /^\d{4}-\d{2}-\d{2} · /.test(l));
    expect(nightLines.map((l) => l.slice(0, 10))).toEqual(['2026-06-03', ...DOWN, TO]);
    expect(nightLines.filter((l) => l.includes('faults: adana down')).map((l) => l.slice(0, 10))).toEqual(DOWN);
    expect(
      nightLines.filter((l) => l.includes('FAILED')),
      lines.join('\n'),
    ).toEqual([]);
  });

  it('stores every row of every document fetched for D and serves each linked to a product at /prices?date=D, per source', () => {
    for (const c of checked.slice(1)) {
      const adanaDown = DOWN.includes(c.day);
      expect(c.rows.izmir!.printed, c.day).toBeGreaterThan(80);
      if (adanaDown) expect(c.rows.adana!.printed, c.day).toBe(0);
      else expect(c.rows.adana!.printed, c.day).toBeGreaterThan(50);
      for (const [source, r] of Object.entries(c.rows)) {
        expect(r.stored, `${c.day} ${source}`).toBe(r.printed);
        expect(r.served, `${c.day} ${source}`).toEqual(r.linked);
      }
    }
    // What is not served is named: Adana's few names without a catalogue alias, İzmir's none.
    expect(checked.slice(1).map((c) => [c.rows.izmir!.unlinked, c.rows.adana!.unlinked])).toEqual([
      [0, 0],
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

  it("Adana's status follows the rule: the archive's, a failed fetch, unreachable, fresh again", () => {
    // Until its first live list, all Adana has is the archive the eve imported.
    expect(checked.map((c) => c.adana)).toEqual([
      { status: 'verified', freshness: 'stale', warnings: ['static_archive'] },
      { status: 'verified', freshness: 'failed', warnings: ['data_delayed', 'last_fetch_failed', 'static_archive'] },
      {
        status: 'unreachable',
        freshness: 'failed',
        warnings: ['data_delayed', 'source_unreachable', 'static_archive'],
      },
      { status: 'verified', freshness: 'fresh', warnings: [] },
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

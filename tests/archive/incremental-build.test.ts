/**
 * The incremental build (build/incremental/) on the real archive: a store without its three
 * newest data days is built, those days come in as a nightly run stores them, and the build
 * that takes older rows from the previous output must write exactly what the suite's full
 * build of the whole archive wrote (tests/setup/archive.ts, same day and moment).
 *
 * The build without the three days is itself an incremental one, from the suite's full build
 * (a full one would take most of this file's time): an older row is written too, so it builds
 * again everything from a day older than any the nightly build reads, and the nightly build
 * can take nothing of the three days from the suite's build through it.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite, type BuildReport } from '../../build/build.ts';
import { openDb, type Db } from '../../store/db.ts';
import { PreviousBuild } from '../../build/incremental/previous.ts';
import { readKeptCensus } from '../../build/incremental/series-census.ts';
import { beginState, boundary, currentState } from '../../build/incremental/state.ts';
import { isoWeek } from '../../core/dates.ts';
import { weeklySummaryPath } from '../../core/objects.ts';
import type { DistManifest } from '../../core/publication.ts';
import { storeCopy } from '../../publish/store-copy.ts';
import { loadModel } from '../../build/model.ts';
import { SUITE_BUILT_AT } from '../setup/archive.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-incremental-'));
const today = inject('today');
const fullDist = inject('distDir');
let db: Db;
let from: string;
let touched: string;
let newRows: number;
let before: BuildReport;
let beforeSerialized: number;
let removed: { variants: string[]; days: string[] };
let nightly: BuildReport;

/** Price rows linked to a variant from `day` on: what a build from that day serializes. */
const linkedFrom = (day: string) =>
  db
    .prepare(
      'SELECT count(*) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL AND o.data_day >= ?',
    )
    .pluck()
    .get(day) as number;

beforeAll(() => {
  const store = join(dir, 'store.sqlite');
  copyFileSync(inject('dbPath'), store);
  db = openDb(store);
  from = (
    db.prepare('SELECT DISTINCT data_day FROM observations ORDER BY 1 DESC LIMIT 3').pluck().all() as string[]
  ).at(-1)!;
  removed = {
    variants: db
      .prepare(
        'SELECT DISTINCT n.variant_slug FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL AND o.data_day >= ? ORDER BY 1',
      )
      .pluck()
      .all(from) as string[],
    days: db
      .prepare('SELECT DISTINCT data_day FROM observations WHERE data_day >= ? ORDER BY 1')
      .pluck()
      .all(from) as string[],
  };
  const documents = db
    .prepare('SELECT DISTINCT document_id FROM observations WHERE data_day >= ?')
    .pluck()
    .all(from) as number[];
  db.prepare('DELETE FROM bulletins WHERE data_day >= ?').run(from);
  db.prepare('DELETE FROM observations WHERE data_day >= ?').run(from);
  for (const id of documents)
    db.prepare(
      'DELETE FROM documents WHERE id = ? AND NOT EXISTS (SELECT 1 FROM observations WHERE document_id = ?)',
    ).run(id, id);
  // A row written again (unchanged) before the month before the three days' month: older than the
  // nightly build's census cut, history cut and boundary, so all it reads of this build is built here.
  const old = db
    .prepare(
      "SELECT id, data_day FROM observations WHERE data_day < date(?, 'start of month', '-1 month') ORDER BY data_day DESC, id LIMIT 1",
    )
    .get(from) as { id: string; data_day: string };
  touched = old.data_day;
  db.prepare('UPDATE observations SET avg_price = avg_price WHERE id = ?').run(old.id);
  beforeSerialized = linkedFrom(touched);
  before = buildSite({ db, outDir: join(dir, 'before'), today, builtAt: SUITE_BUILT_AT, previous: fullDist });
  // The nightly run stores the three days again (documents, then their rows and bulletins).
  db.prepare('ATTACH ? AS archive').run(inject('dbPath'));
  db.exec('INSERT OR IGNORE INTO documents SELECT * FROM archive.documents');
  newRows = db
    .prepare('INSERT INTO observations SELECT * FROM archive.observations WHERE data_day >= ?')
    .run(from).changes;
  db.prepare('INSERT INTO bulletins SELECT * FROM archive.bulletins WHERE data_day >= ?').run(from);
  db.exec('DETACH archive');
  nightly = buildSite({
    db,
    outDir: join(dir, 'nightly'),
    today,
    builtAt: SUITE_BUILT_AT,
    previous: join(dir, 'before'),
  });
}, 300_000);

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const manifest = (root: string) => readFileSync(join(root, 'manifest.json'), 'utf8');
const objects = (root: string) => (JSON.parse(manifest(root)) as DistManifest).objects;

describe('incremental build', () => {
  it('builds the store without the three days from the older row written again, without them', () => {
    expect(before.boundary).toEqual({ from: touched });
    expect(touched < `${from.slice(0, 7)}-01`).toBe(true);
    expect(before.serialized).toBe(beforeSerialized);
    // Older than the cut of the census the suite's build kept: it counted every row.
    expect(before.censusRows).toBe(before.rows);
    expect(before.rows).toBe(nightly.rows - linkedFrom(from));
    const [full, without] = [objects(fullDist), objects(join(dir, 'before'))];
    for (const day of removed.days) {
      const shards = Object.keys(full).filter((p) => p.startsWith(`api/v1/_evidence/${day.slice(0, 4)}/${day}/`));
      expect(shards.length, day).toBeGreaterThan(0);
      expect(
        shards.filter((p) => without[p]),
        day,
      ).toEqual([]);
    }
    expect(removed.variants.length).toBeGreaterThan(10);
    // What the three days are part of was built again without them: collections, history, the week's summary.
    const changed = [
      ...removed.variants.flatMap((v) => [
        `api/v1/_c/prices/product/${v}.json`,
        `api/v1/_c/history/daily/product/${v}.json`,
      ]),
      ...new Set(removed.days.map((day) => weeklySummaryPath(isoWeek(day).week))),
    ];
    for (const path of changed) expect(without[path]?.etag, path).not.toBe(full[path]!.etag);
  });

  it('writes what a full build writes, serializing only the rows of the days that came in', () => {
    // Every row of this archive is stale by age on the build day: only the changed days count.
    expect(nightly.boundary).toEqual({ from });
    expect(manifest(join(dir, 'nightly'))).toBe(manifest(fullDist));
    expect(nightly.serialized).toBe(linkedFrom(from));
    expect(nightly.serialized).toBeLessThanOrEqual(newRows);
    expect(nightly.serialized / nightly.rows).toBeLessThan(0.01);
    // The census counted the rows from the cut of the census the previous build kept, not every row.
    const kept = readKeptCensus(join(dir, 'before'))!;
    expect(nightly.censusRows).toBe(linkedFrom(kept.before));
    expect(nightly.censusRows / nightly.rows).toBeLessThan(0.1);
    expect(nightly.reused).toBeGreaterThan(1000);
  });

  it('links partitions from the previous output with the bytes a full build writes', () => {
    const previous = objects(join(dir, 'before'));
    const partitions = Object.keys(objects(join(dir, 'nightly'))).filter(
      (p) => p.startsWith('api/v1/_p/') && previous[p],
    );
    expect(partitions.length).toBeGreaterThan(1000);
    for (const path of partitions.slice(0, 50)) {
      // Buffer.equals: a deep toEqual walks a ~100 KB buffer element by element (~1 s each).
      expect(
        gunzipSync(readFileSync(join(dir, 'nightly', path))).equals(gunzipSync(readFileSync(join(fullDist, path)))),
        path,
      ).toBe(true);
    }
  });

  it('moves the boundary back to an older day written since, and builds in full when the model changed', () => {
    const previous = PreviousBuild.read(join(dir, 'nightly'))!;
    // This build's state as it begins (it advances the store clock, as a build does).
    const now = (day = today) => beginState(db, loadModel(db, day));
    // Nothing written since, nothing that reads differently: everything is taken.
    expect(boundary(db, now(), previous.state)).toEqual({ from: '9999-12-31' });
    const old = db
      .prepare("SELECT id, data_day FROM observations WHERE data_day < '2020-01-01' ORDER BY data_day DESC LIMIT 1")
      .get() as { id: string; data_day: string };
    db.prepare('UPDATE observations SET avg_price = avg_price WHERE id = ?').run(old.id);
    expect(boundary(db, now(), previous.state)).toEqual({ from: old.data_day });
    db.prepare(
      "INSERT INTO corrections (observation_id, field, value, reason, corrected_by, corrected_at) VALUES (?, 'avg_price', 1, 'test', 'test', '2026-11-21T00:00:00Z')",
    ).run(old.id);
    expect(boundary(db, now(), previous.state)).toEqual({ full: expect.stringMatching(/corrections changed/) });
    expect(boundary(db, now(), null)).toEqual({ full: 'no previous build' });
    expect(boundary(db, now('2026-11-20'), previous.state)).toEqual({
      full: 'the previous build is of a later day (2026-11-21)',
    });
  });

  it('counts as changed what the next night writes to the store saved tonight, not what tonight wrote before saving', () => {
    const touch = (store: Db, row: { id: string }) =>
      store.prepare('UPDATE observations SET avg_price = avg_price WHERE id = ?').run(row.id);
    // Two rows of two old days: tonight writes the older, the next night the newer.
    const [newer, older] = db
      .prepare(
        "SELECT min(id) AS id, data_day AS day FROM observations WHERE data_day < '2020-01-01' GROUP BY data_day ORDER BY data_day DESC LIMIT 2",
      )
      .all() as { id: string; day: string }[];
    // Tonight: the scrape writes, the store is saved (before the build, as the nightly does), the build reads it.
    touch(db, older!);
    const saved = join(dir, 'saved.sqlite');
    writeFileSync(saved, storeCopy(db.name));
    const tonight = beginState(db, loadModel(db, today));
    // The next night, on the restored copy.
    const restored = openDb(saved);
    try {
      const now = () => currentState(restored, loadModel(restored, today));
      expect(boundary(restored, now(), tonight)).toEqual({ from: '9999-12-31' });
      touch(restored, newer!);
      expect(boundary(restored, now(), tonight)).toEqual({ from: newer!.day });
    } finally {
      restored.close();
    }
  });

  it('refuses to build into the previous output (the build empties its output first)', () => {
    expect(() =>
      buildSite({ db, outDir: join(dir, 'nightly'), today, builtAt: SUITE_BUILT_AT, previous: join(dir, 'nightly') }),
    ).toThrow(/must be another directory/);
  });
});

/**
 * The history build's line arena compacts (moves held lines out of old slabs) when too many
 * slabs are alive; at national scale it does so often. Built from the real archive with an arena
 * that compacts whenever a second slab is alive, every history object must be the one the
 * suite's build wrote with the build's arena (tests/setup/archive.ts, same store and day).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeHistory } from '../../build/endpoints/history.ts';
import { loadModel } from '../../build/model.ts';
import { OutputWriter } from '../../build/writer.ts';
import type { DistManifest } from '../../core/publication.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-history-arena-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The indexes writeHistory writes (the compatibility prefix's history, `daily/compat/`, is written with the price collections). */
const HISTORY_INDEX = /^api\/v1\/_c\/history\/(daily|weekly|monthly)\/product\//;

describe('history line arena', () => {
  it('writes the same objects however often it compacts', () => {
    const db = new Database(inject('dbPath'), { readonly: true });
    const writer = new OutputWriter(join(dir, 'compacting'));
    let compactions: number;
    try {
      ({ compactions } = writeHistory(db, loadModel(db, inject('today')), writer, {
        arena: { maxLiveSlabs: 1, keepSlabs: 0 },
      }));
      writer.settle();
    } finally {
      db.close();
    }
    expect(compactions).toBeGreaterThan(0);
    // The suite's build wrote history with the usual arena: its manifest holds the same objects.
    const usual = (JSON.parse(readFileSync(join(inject('distDir'), 'manifest.json'), 'utf8')) as DistManifest).objects;
    const compacting = [...writer.entries].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(compacting.length).toBeGreaterThan(10_000);
    expect(compacting.filter(([path]) => HISTORY_INDEX.test(path)).map(([path]) => path)).toEqual(
      Object.keys(usual).filter((path) => HISTORY_INDEX.test(path)),
    );
    // Same indexes, and each partition an index names with the same ETag and size: the same objects.
    expect(compacting).toEqual(compacting.map(([path]) => [path, usual[path]]));
  }, 180_000);
});

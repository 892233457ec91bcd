/**
 * The history build's line arena compacts (moves held lines out of old slabs) when too many
 * slabs are alive; at national scale it does so often. Built from the real archive twice —
 * with the build's arena and with one that compacts whenever a second slab is alive — every
 * history object must be the same.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeHistory } from '../../build/endpoints/history.ts';
import { loadModel } from '../../build/model.ts';
import { OutputWriter } from '../../build/writer.ts';
import { type ManifestEntry } from '../../core/publication.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-history-arena-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function history(
  name: string,
  arena?: { maxLiveSlabs: number; keepSlabs: number },
): { entries: [string, ManifestEntry][]; compactions: number } {
  const db = new Database(inject('dbPath'), { readonly: true });
  try {
    const writer = new OutputWriter(join(dir, name));
    const { compactions } = writeHistory(db, loadModel(db, '2026-11-21'), writer, { arena });
    writer.settle();
    return { entries: [...writer.entries].sort(([a], [b]) => (a < b ? -1 : 1)), compactions };
  } finally {
    db.close();
  }
}

describe('history line arena', () => {
  it('writes the same objects however often it compacts', () => {
    const usual = history('usual');
    const compacting = history('compacting', { maxLiveSlabs: 1, keepSlabs: 0 });
    expect(compacting.compactions).toBeGreaterThan(0);
    expect(usual.entries.length).toBeGreaterThan(10_000);
    expect(compacting.entries).toEqual(usual.entries);
  }, 180_000);
});

/**
 * The pipeline's promises: re-reading unchanged documents adds nothing; every row links to its
 * document; the same store and build day give byte-identical output, and the build day is what
 * moves freshness.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildSite } from '../build/build.ts';
import { openDb } from '../build/db.ts';
import { importArchives } from '../build/import.ts';
import { ingestDocument } from '../build/ingest.ts';
import { seedCatalogue, seedRegistry } from '../build/seed.ts';
import { loadCatalogue } from '../sources/catalogue.ts';
import { izmirArchive } from '../sources/izmir/archive.ts';
import { SOURCES, sourceByKey } from '../sources/registry.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'hal-pipeline-'));

describe('import', () => {
  it('imported every row of every layout, each linked to its document with the file sha256', () => {
    const db = openDb(inject('dbPath'));
    const perParser = db.prepare('SELECT parser, count(*) AS documents, sum(rows) AS rows FROM documents GROUP BY parser ORDER BY parser').all();
    expect(perParser).toEqual([
      { parser: 'izmir-api-dump', documents: 1, rows: 14_704 },
      { parser: 'izmir-report-2025', documents: 1, rows: 28_568 },
      { parser: 'izmir-year-csv', documents: 10, rows: 267_663 },
    ]);
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(310_935);
    expect(db.prepare('SELECT count(*) FROM observations o LEFT JOIN documents d ON d.id = o.document_id WHERE d.id IS NULL').pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM source_names WHERE variant_slug IS NULL").pluck().get()).toBe(0);
    db.close();
  });

  it('re-importing the same documents creates no observation', () => {
    const copy = join(temp(), 'copy.sqlite');
    const source = openDb(inject('dbPath'));
    source.pragma('wal_checkpoint(TRUNCATE)');
    source.close();
    copyFileSync(inject('dbPath'), copy);
    const db = openDb(copy);
    const summary = importArchives(db);
    expect(summary.every((s) => s.report.skipped)).toBe(true);
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(310_935);
    expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(12);
    db.close();
  });
});

describe('build', () => {
  /** A small real store: the 2026 API dump only. */
  function smallStore(): string {
    const path = join(temp(), 'small.sqlite');
    const db = openDb(path);
    const catalogue = loadCatalogue();
    seedRegistry(db, SOURCES);
    seedCatalogue(db, catalogue);
    const doc = izmirArchive().find((d) => d.parser.id === 'izmir-api-dump')!;
    const meta = { kind: 'archive' as const, url: doc.url, fetchedAt: null, contentType: doc.contentType, parser: doc.parser.id, parserVersion: doc.parser.version, storedPath: doc.storedPath };
    ingestDocument(db, sourceByKey('izmir'), catalogue, doc.bytes, meta, doc.parser.parse(doc));
    db.close();
    return path;
  }

  it('the same store and build day give byte-identical files', () => {
    const store = smallStore();
    const outputs = [1, 2].map(() => {
      const db = openDb(store);
      const outDir = join(temp(), 'dist');
      buildSite({ db, outDir, today: '2026-07-25', builtAt: '2026-07-25T03:00:00Z' });
      db.close();
      return outDir;
    });
    const [a, b] = outputs.map((dir) => readFileSync(join(dir!, 'manifest.json'), 'utf8'));
    expect(a).toBe(b);
    const objects = Object.keys(JSON.parse(a!).objects);
    expect(objects.length).toBeGreaterThan(100);
    for (const path of objects.filter((_, i) => i % 25 === 0)) {
      expect(readFileSync(join(outputs[1]!, path)).equals(readFileSync(join(outputs[0]!, path))), path).toBe(true);
    }
  });

  it('the build day moves freshness: archive rows are stale either way, markets count missed days', () => {
    const store = smallStore();
    const markets = (today: string) => {
      const db = openDb(store);
      const outDir = join(temp(), 'dist');
      buildSite({ db, outDir, today, builtAt: `${today}T03:00:00Z` });
      db.close();
      return JSON.parse(readFileSync(join(outDir, 'api/v1/markets.json'), 'utf8')).items.find((m: { slug: string }) => m.slug === 'izmir-sebze-meyve');
    };
    // 2026-07-23 is a Thursday: the next day the archive is one publishing day behind, a week later six.
    expect(markets('2026-07-25')).toMatchObject({ freshness: 'stale', warnings: ['data_delayed', 'static_archive'] });
    expect(markets('2026-08-01')).toMatchObject({ freshness: 'stale', warnings: ['data_stale', 'static_archive'] });
  });
});

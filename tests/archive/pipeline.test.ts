/**
 * The pipeline's promises: re-reading unchanged documents adds nothing; every row links to its
 * document; the same store and build day give byte-identical output, and the build day is what
 * moves freshness.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../build/build.ts';
import { readCorrections, syncCorrections } from '../../store/corrections.ts';
import { openDb } from '../../store/db.ts';
import { allPartitions } from '../../core/collection-keys.ts';
import { importArchives } from '../../store/import.ts';
import { ARCHIVE_ROOT, archiveFiles, hasArchive, type ArchiveFile } from '../../sources/lib/archive.ts';
import { distText } from '../support/dist-file.ts';
import { seedSmallStore } from '../support/small-store.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'hal-pipeline-'));

describe('import', () => {
  it('imported every row of every layout, each linked to its document with the file sha256', () => {
    const db = openDb(inject('dbPath'));
    const perParser = db
      .prepare('SELECT parser, count(*) AS documents, sum(rows) AS rows FROM documents GROUP BY parser ORDER BY parser')
      .all();
    // Rows stored per layout, from the parsers' golden tests: Adana 7,546 printed minus 1,938 rows
    // 0.00 / 0.00 (listed, not traded: counted out); Ankara 21,407 printed minus 93 rows whose unit
    // reads `avokado` (counted out); İBB 18 files of which 4 are byte-identical copies.
    expect(perParser).toEqual([
      { parser: 'adana-html', documents: 79, rows: 5_608 },
      { parser: 'ankara-page-head', documents: 1, rows: 0 },
      { parser: 'ankara-scraper-sqlite', documents: 1, rows: 21_314 },
      { parser: 'antalya-scraper-csv', documents: 1_096, rows: 23_251 },
      { parser: 'bursa-git-history', documents: 1, rows: 3_952 },
      { parser: 'bursa-scraper-json', documents: 1, rows: 152 },
      { parser: 'hal-gov-tr-json', documents: 1, rows: 260 },
      { parser: 'istanbul-ibb-crawl-index', documents: 1, rows: 0 },
      { parser: 'istanbul-ibb-csv', documents: 11, rows: 504 },
      { parser: 'istanbul-ibb-html', documents: 1, rows: 84 },
      { parser: 'istanbul-ibb-json', documents: 1, rows: 84 },
      { parser: 'izmir-api-dump', documents: 1, rows: 14_704 },
      { parser: 'izmir-ckan-csv', documents: 1, rows: 34_001 },
      { parser: 'izmir-report-2025', documents: 1, rows: 28_568 },
      { parser: 'izmir-year-csv', documents: 10, rows: 267_663 },
    ]);
    // Bursa's JSON repeats the last history snapshot of 2026-08-22 (152 rows updated in place) and
    // İBB's two 2024-04-16 fruit lists share 35 products: 399,993 rows are 399,958 observations.
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(399_958);
    expect(
      db
        .prepare('SELECT count(*) FROM observations o LEFT JOIN documents d ON d.id = o.document_id WHERE d.id IS NULL')
        .pluck()
        .get(),
    ).toBe(0);
    expect(
      db.prepare("SELECT count(*) FROM source_names WHERE source_key = 'izmir' AND variant_slug IS NULL").pluck().get(),
    ).toBe(0);
    db.close();
  });

  it('re-importing the same documents creates no observation', () => {
    const copy = join(temp(), 'copy.sqlite');
    const source = openDb(inject('dbPath'));
    source.pragma('wal_checkpoint(TRUNCATE)');
    source.close();
    copyFileSync(inject('dbPath'), copy);
    const db = openDb(copy);
    const summary = importArchives(db, () => {}, { archiveRoot: oneDocumentOfEachLayout() });
    // Every layout of the first test, each read again.
    expect(new Set(summary.documents.map((s) => s.parser)).size).toBe(15);
    expect(summary.documents.every((s) => s.report.skipped)).toBe(true);
    expect(summary.refused).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(399_958);
    expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1_207);
    db.close();
  });
});

/**
 * An archive directory listing, of each layout (parser), the smallest of its documents in the
 * repository: a document is skipped by its bytes' hash whatever its layout or length, and
 * reading the whole archive again parsed every one of its 400,000 rows first.
 */
function oneDocumentOfEachLayout(): string {
  const root = temp();
  for (const source of readdirSync(ARCHIVE_ROOT).filter((name) => hasArchive(name))) {
    const smallest = new Map<string, { file: ArchiveFile; bytes: number }>();
    for (const file of archiveFiles(source)) {
      const bytes = statSync(join(ARCHIVE_ROOT, source, file.file)).size;
      const kept = smallest.get(file.parser);
      if (!kept || bytes < kept.bytes) smallest.set(file.parser, { file, bytes });
    }
    const files = [...smallest.values()].map((s) => s.file);
    for (const { file } of files) {
      mkdirSync(dirname(join(root, source, file)), { recursive: true });
      symlinkSync(join(ARCHIVE_ROOT, source, file), join(root, source, file));
    }
    writeFileSync(join(root, source, 'archive.json'), JSON.stringify({ source, files }));
  }
  return root;
}

/** A correction of a price the small store holds, as an administrator writes one. */
const CORRECTION = (id: string) =>
  `observation_id,field,value,reason,corrected_by,corrected_at\n${id},avg_price,51.5,"Bültende yazım hatası, belediye ile doğrulandı",editor@hal-api,2026-07-24T09:00:00Z\n`;

/**
 * One small real store for the build's promises: İzmir's 2026 API dump from July on (the last day,
 * 2026-07-23, is a Thursday), with one administrator correction; built twice on 2026-07-25 and
 * once on 2026-08-01. Half a year of rows would only make each build longer: none of these
 * promises depends on how many rows there are.
 */
let store: string;
let corrected: { id: string; printed: number };
const builds: Record<'first' | 'again' | 'weekLater', string> = { first: '', again: '', weekLater: '' };

function build(today: string): string {
  const db = openDb(store);
  const outDir = join(temp(), 'dist');
  buildSite({ db, outDir, today, builtAt: `${today}T03:00:00Z` });
  db.close();
  return outDir;
}

function buildSmallStore(): void {
  store = join(temp(), 'small.sqlite');
  const db = openDb(store);
  seedSmallStore(db, { holidays: false, from: '2026-07-01' });
  const id = db
    .prepare(`SELECT o.id FROM observations o JOIN source_names n ON n.id = o.source_name_id
                         WHERE n.variant_slug = 'domates-salkim' AND o.data_day = '2026-07-23'`)
    .pluck()
    .get() as string;
  corrected = { id, printed: db.prepare('SELECT avg_price FROM observations WHERE id = ?').pluck().get(id) as number };
  syncCorrections(db, readCorrections(CORRECTION(id)));
  db.close();
  builds.first = build('2026-07-25');
  builds.again = build('2026-07-25');
  builds.weekLater = build('2026-08-01');
}

describe('build', () => {
  beforeAll(buildSmallStore);

  it('the same store and build day give byte-identical files', () => {
    const outputs = [builds.first, builds.again];
    const [a, b] = outputs.map((dir) => readFileSync(join(dir!, 'manifest.json'), 'utf8'));
    expect(a).toBe(b);
    const objects = Object.keys(JSON.parse(a!).objects);
    expect(objects.length).toBeGreaterThan(100);
    for (const path of objects.filter((_, i) => i % 25 === 0)) {
      expect(readFileSync(join(outputs[1]!, path)).equals(readFileSync(join(outputs[0]!, path))), path).toBe(true);
    }
  });

  it('an administrator correction changes the published value, is marked, and keeps the original in the evidence', () => {
    const { id, printed } = corrected;
    const outDir = builds.first;
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
    const index = JSON.parse(readFileSync(join(outDir, 'api/v1/_c/prices/product/domates-salkim.json'), 'utf8'));
    const rows = allPartitions(index).flatMap((p) =>
      distText(outDir, p.path)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    );
    const row = rows.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ avgPrice: 51.5, warnings: ['data_delayed', 'static_archive', 'corrected_value'] });
    const shard = Object.keys(manifest.objects).find((p) => p.startsWith('api/v1/_evidence/2026/2026-07-23/'))!;
    const record = JSON.parse(distText(outDir, shard))[id];
    expect(record.avgPrice).toBe(51.5);
    expect(record.corrections).toEqual([
      {
        field: 'avg_price',
        value: 51.5,
        original: printed,
        reason: 'Bültende yazım hatası, belediye ile doğrulandı',
        by: 'editor@hal-api',
        at: '2026-07-24T09:00:00.000Z',
      },
    ]);
    expect(record.printed.row).toContain(String(printed));
  });

  it('refuses a correction without a reason or for an unknown observation', () => {
    const header = 'observation_id,field,value,reason,corrected_by,corrected_at\n';
    expect(() => readCorrections(`${header}x,avg_price,10,,editor,2026-07-24T09:00:00Z\n`)).toThrow('needs a reason');
    expect(() => readCorrections(`${header}x,median,10,r,editor,2026-07-24T09:00:00Z\n`)).toThrow('field must be');
    const db = openDb(store);
    expect(() =>
      syncCorrections(
        db,
        readCorrections(`${header}019f8c45-9c00-8001-8000-000000000000,avg_price,10,r,editor,2026-07-24T09:00:00Z\n`),
      ),
    ).toThrow('unknown observation');
    // Refused whole: the store keeps the corrections it had.
    expect(db.prepare('SELECT observation_id, value FROM corrections').all()).toEqual([
      { observation_id: corrected.id, value: 51.5 },
    ]);
    db.close();
  });

  it('the build day moves freshness: archive rows are stale either way, markets count missed days', () => {
    const markets = (outDir: string) =>
      JSON.parse(readFileSync(join(outDir, 'api/v1/markets.json'), 'utf8')).items.find(
        (m: { slug: string }) => m.slug === 'izmir-sebze-meyve',
      );
    // 2026-07-23 is a Thursday: the next day the archive is one publishing day behind, a week later six.
    expect(markets(builds.first)).toMatchObject({ freshness: 'stale', warnings: ['data_delayed', 'static_archive'] });
    expect(markets(builds.weekLater)).toMatchObject({
      freshness: 'stale',
      warnings: ['data_stale', 'static_archive'],
    });
  });
});

/**
 * A document whose layout its parser does not know stops nothing: on an empty store, an archive
 * that lists one between İzmir 2023 and İzmir 2025 (then İBB and HKS) imports every other
 * document as a clean import of the same set does, keeps the refused one as evidence, marks
 * İzmir broken with the file and what the parser found, and `npm run import` exits 1 with the
 * summary. The refused document stands for a 2024 yearly file the portal published in the 2025
 * report's layout: the first 40 lines of the real 2025 report, listed for the yearly parser.
 * İzmir's 2023 and 2025 files are their first days (the first lines of the real files): what
 * a refusal stops does not depend on how long the other documents are, and every row of them
 * was read three times (the command, the clean import, the later import).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../store/db.ts';
import { importArchives, type ImportSummary } from '../../store/import.ts';
import { loadModel } from '../../build/model.ts';
import { ARCHIVE_ROOT, archiveFiles, type ArchiveFile } from '../../sources/lib/archive.ts';

const TODAY = '2026-11-21';
const REFUSED = 'izbb-sebzemeyve-hal-fiyatlari_2024.csv';
const izmirFile = (name: string) => archiveFiles('izmir').find((f) => f.file.endsWith(name))!;
const YEAR_2023 = izmirFile('_2023.csv');
const REPORT_2025 = izmirFile('_2025.csv');
const izmirBytes = (f: ArchiveFile, lines: number) =>
  firstLines(readFileSync(join(ARCHIVE_ROOT, 'izmir', f.file)), lines);
const refusedBytes = izmirBytes(REPORT_2025, 40);
/** İzmir's documents as listed: their first days (three of 2023, four of 2025), as the real files print them. */
const SHORTENED = new Map([
  [YEAR_2023.file, izmirBytes(YEAR_2023, 320)],
  [REPORT_2025.file, izmirBytes(REPORT_2025, 200)],
]);

function firstLines(bytes: Buffer, n: number): Buffer {
  let end = 0;
  for (let i = 0; i < n; i++) end = bytes.indexOf(0x0a, end) + 1;
  return bytes.subarray(0, end);
}

/** An archive directory: İzmir's listed files (the shortened real ones, or the refused one), İBB and HKS as they are. */
function archive(izmir: ArchiveFile[]): string {
  const root = mkdtempSync(join(tmpdir(), 'hal-refused-'));
  mkdirSync(join(root, 'izmir'));
  for (const f of izmir)
    writeFileSync(join(root, 'izmir', f.file), f.file === REFUSED ? refusedBytes : SHORTENED.get(f.file)!);
  writeFileSync(join(root, 'izmir', 'archive.json'), JSON.stringify({ source: 'izmir', files: izmir }));
  for (const source of ['istanbul-ibb', 'hal-gov-tr']) symlinkSync(join(ARCHIVE_ROOT, source), join(root, source));
  return root;
}

const refusedEntry: ArchiveFile = {
  ...REPORT_2025,
  file: REFUSED,
  parser: 'izmir-year-csv',
  url: 'https://acikveri.bizizmir.com/dataset/izbb-sebzemeyve-hal-fiyatlari_2024.csv',
};
const WITH_REFUSED = [YEAR_2023, refusedEntry, REPORT_2025];
const CLEAN = [YEAR_2023, REPORT_2025];

const stored = (db: Db) => ({
  observations: db
    .prepare('SELECT source_key, count(*) AS n FROM observations GROUP BY source_key ORDER BY source_key')
    .all(),
  rowsHash: createHash('sha256')
    .update(
      JSON.stringify(
        db
          .prepare(
            'SELECT id, market_slug, data_day, min_price, max_price, avg_price, unit, quality_flags FROM observations ORDER BY id',
          )
          .raw()
          .all(),
      ),
    )
    .digest('hex'),
  bulletins: db
    .prepare(
      'SELECT source_key, market_slug, data_day, rows, fingerprint, repeats_previous FROM bulletins ORDER BY 1, 2, 3',
    )
    .raw()
    .all(),
  documents: db
    .prepare('SELECT sha256, parser, rows, bulletin_days FROM documents WHERE refused IS NULL ORDER BY sha256')
    .all(),
});

describe('an archive document of a layout its parser does not know', () => {
  let cli: ReturnType<typeof spawnSync>;
  let refusedDb: Db;
  let cleanDb: Db;
  let clean: ImportSummary;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'hal-refused-db-'));
    cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/import.ts', '--db', join(dir, 'refused.sqlite'), '--archive', archive(WITH_REFUSED)],
      { encoding: 'utf8', timeout: 240_000 },
    );
    refusedDb = openDb(join(dir, 'refused.sqlite'));
    cleanDb = openDb(join(dir, 'clean.sqlite'));
    clean = importArchives(cleanDb, () => {}, { archiveRoot: archive(CLEAN) });
  }, 300_000);

  it('npm run import goes on, lists it and exits 1', () => {
    expect(cli.stderr).toMatch(new RegExp(`!!! {3}izmir \\S*/izmir/${REFUSED}: izmir-year-csv: unexpected header`));
    expect(cli.stderr).toContain('izmir marked broken');
    // The count a clean import of the same 2025 file stores.
    const stored = clean.documents.find((d) => d.file === REPORT_2025.file)!.report.observations;
    expect(stored).toBeGreaterThan(300);
    expect(cli.stdout).toContain(`izmir ${REPORT_2025.file}: ${stored} observations`);
    expect(cli.status).toBe(1);
  });

  it('every other document is imported as a clean import of the same set imports it', () => {
    const cleanly = stored(cleanDb);
    expect(cleanly.observations).toEqual([
      { source_key: 'hal-gov-tr', n: 260 },
      { source_key: 'istanbul-ibb', n: 637 },
      { source_key: 'izmir', n: expect.any(Number) },
    ]);
    expect(stored(refusedDb)).toEqual(cleanly);
  });

  it('keeps the refused document as evidence, without rows, saying why', () => {
    const sha256 = createHash('sha256').update(refusedBytes).digest('hex');
    const doc = refusedDb
      .prepare(
        'SELECT id, sha256, source_key, parser, stored_path, rows, refused FROM documents WHERE refused IS NOT NULL',
      )
      .all() as Record<string, unknown>[];
    expect(doc).toEqual([
      {
        id: expect.any(Number),
        sha256,
        source_key: 'izmir',
        parser: 'izmir-year-csv',
        stored_path: expect.stringMatching(new RegExp(`/izmir/${REFUSED}$`)),
        rows: 0,
        refused: expect.stringMatching(/^izmir-year-csv: unexpected header/),
      },
    ]);
    expect(refusedDb.prepare('SELECT count(*) FROM observations WHERE document_id = ?').pluck().get(doc[0]!.id)).toBe(
      0,
    );
  });

  it('marks İzmir broken, as a live run that met the layout would, naming the file and what the parser found', () => {
    const izmir = loadModel(refusedDb, TODAY).sources.get('izmir')!.derived;
    expect(izmir).toMatchObject({ status: 'broken', health: 'failed' });
    expect(izmir.reasons[0]).toMatch(
      new RegExp(
        `^Kaynağın sayfa düzeni değişti; ayrıştırma durdu: arşiv belgesi .*/izmir/${REFUSED}: izmir-year-csv: unexpected header`,
      ),
    );
    const others = loadModel(refusedDb, TODAY).sources;
    expect([others.get('istanbul-ibb')!.derived.status, others.get('hal-gov-tr')!.derived.status]).toEqual([
      'verified',
      'verified',
    ]);
    expect(loadModel(cleanDb, TODAY).sources.get('izmir')!.derived.status).toBe('verified');
  });

  it('a later import whose parser reads the document stores its rows and clears broken', () => {
    const readable = [YEAR_2023, { ...refusedEntry, parser: 'izmir-report-2025' }, REPORT_2025];
    const summary = importArchives(refusedDb, () => {}, { archiveRoot: archive(readable) });
    expect(summary.refused).toEqual([]);
    const read = summary.documents.find((d) => d.file === REFUSED)!;
    expect(read.report).toMatchObject({ skipped: false, readAfterRefusal: true });
    expect(read.report.observations).toBeGreaterThan(0);
    expect(refusedDb.prepare('SELECT count(*) FROM documents WHERE refused IS NOT NULL').pluck().get()).toBe(0);
    expect(loadModel(refusedDb, TODAY).sources.get('izmir')!.derived.status).toBe('verified');
  });
});

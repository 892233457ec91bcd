/**
 * Antalya's DERIVED archive: archive.json lists every file of data/sources/antalya/derived/ with its
 * upstream address, and the importer, reading these files alone into an empty store, reads every
 * row, links every printed name, and marks as repeats exactly the days REPEATS.txt lists (the files
 * whose rows are those of the previous calendar day), not the 18 days whose new lists have the
 * previous day's row count and sum of averages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../store/db.ts';
import { frozenSources } from '../../store/bulletins.ts';
import type { ImportSummary } from '../../store/import.ts';
import { importOneArchive } from '../../tests/support/one-archive.ts';
import { loadCatalogue } from '../catalogue.ts';
import { ARCHIVE_ROOT, archiveFiles } from '../lib/archive.ts';

const DIR = join(ARCHIVE_ROOT, 'antalya', 'derived');
const CSV_FILES = readdirSync(DIR)
  .filter((f) => /^hal_\d{4}-\d{2}-\d{2}\.csv$/.test(f))
  .sort();
const COMMIT = '21ad5ce5781fa7c041ea456a416a3c0e0aa44cd1';
/** REPEATS.txt: `file<TAB>file it repeats`, after a `#` comment line. */
const REPEATS = new Map(
  readFileSync(join(DIR, 'REPEATS.txt'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t') as [string, string]),
);
const dayOf = (file: string) => file.replace(/^.*hal_/, '').slice(0, 10);
/**
 * Days with a new list whose row count and sum of averages equal the previous day's: prices moved
 * up and down by the same total (2023-01-27: Biber Çarli 9/15 → 9/16, Domates (Pembe) 12/26 →
 * 12/27, Kabak (Sakız) 10/19 → 10/17). A fingerprint of totals would call them repeats.
 */
const TOTALS_TWINS = [
  '2023-01-27',
  '2023-03-11',
  '2023-03-20',
  '2023-03-22',
  '2023-05-11',
  '2023-09-06',
  '2023-09-12',
  '2023-09-15',
  '2023-09-25',
  '2023-10-10',
  '2023-12-12',
  '2024-01-08',
  '2024-02-22',
  '2024-08-05',
  '2025-01-23',
  '2025-06-19',
  '2025-06-28',
  '2025-07-17',
];
const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** A file's rows without `tarih`: name, category, unit, min, max. */
const table = (day: string) =>
  readFileSync(join(DIR, `hal_${day}.csv`), 'utf8')
    .split('\n')
    .slice(1, -1)
    .map((line) => line.split(',').slice(1));
/** What the store compares: the row count and the sum of the averages (midpoints), to the kuruş. */
const totals = (rows: string[][]) =>
  `${rows.length}:${rows.reduce((sum, r) => sum + (Number(r[3]) + Number(r[4])) / 2, 0).toFixed(2)}`;

describe('Antalya archive.json', () => {
  const files = archiveFiles('antalya');

  it('lists every file of derived/ once, in day order, with its upstream address and day', () => {
    expect(files.map((f) => f.file)).toEqual(CSV_FILES.map((f) => `derived/${f}`));
    for (const f of files) {
      const name = f.file.slice('derived/'.length);
      expect(f, name).toEqual({
        file: `derived/${name}`,
        parser: 'antalya-scraper-csv',
        contentType: 'text/csv; charset=utf-8',
        url: `https://raw.githubusercontent.com/Rizakarakaya7/Tarim_pulse_pro/${COMMIT}/data/bronze/${name}`,
        requestedDay: dayOf(name),
        market: 'antalya-sebze-meyve',
        ...(REPEATS.has(name) ? { note: expect.any(String) } : {}),
      });
    }
  });

  it('notes the 257 repeat files, each naming the file it copies', () => {
    expect(REPEATS.size).toBe(257);
    const noted = files.filter((f) => f.note).map((f) => [f.file.slice('derived/'.length), f.note]);
    expect(noted).toEqual(
      [...REPEATS].map(([file, copied]) => [
        file,
        `DERIVED repeat: the scraper copied ${copied} under this date (no new list that day)`,
      ]),
    );
  });
});

describe('Antalya archive imported alone into an empty store', () => {
  let db: Db;
  let summary: ImportSummary;
  const observations = (where: string, ...params: unknown[]) =>
    db
      .prepare(`SELECT o.data_day AS day, n.raw_name AS name, o.min_price AS min, o.max_price AS max, o.quality_flags AS flags
                FROM observations o JOIN source_names n ON n.id = o.source_name_id
                WHERE o.source_key = 'antalya' AND ${where} ORDER BY o.data_day, o.rowid`)
      .all(...params) as { day: string; name: string; min: number; max: number; flags: string }[];

  beforeAll(() => {
    ({ db, summary } = importOneArchive('antalya'));
  }, 120_000);

  it('reads the 1,096 documents and their 23,251 rows: none refused, none dropped, none unmatched', () => {
    expect(summary.refused).toEqual([]);
    expect(summary.documents).toHaveLength(1096);
    const reports = summary.documents.map((d) => d.report);
    expect(reports.reduce((n, r) => n + r.observations, 0)).toBe(23251);
    expect(reports.filter((r) => Object.keys(r.rejected).length > 0)).toEqual([]);
    expect(reports.reduce((n, r) => n + r.unmatchedRows, 0)).toBe(0);
  });

  it('links the 24 printed names by exact name or a reviewed alias, and uses every alias', () => {
    const names = db
      .prepare("SELECT raw_name, variant_slug, method FROM source_names WHERE source_key = 'antalya' ORDER BY raw_name")
      .all() as { raw_name: string; variant_slug: string | null; method: string }[];
    expect(names).toHaveLength(24);
    expect(names.filter((n) => n.variant_slug === null || !['exact', 'seed'].includes(n.method))).toEqual([]);
    expect(names.find((n) => n.raw_name === 'Lime Limon')).toMatchObject({ variant_slug: 'misket-limonu-genel' });
    const aliases = loadCatalogue().aliases.filter((a) => a.source === 'antalya');
    expect(aliases.map((a) => a.variant).sort()).toEqual(
      names
        .filter((n) => n.method === 'seed')
        .map((n) => n.variant_slug)
        .sort(),
    );
  });

  it('marks the 257 days of REPEATS.txt as repeats of the previous list, no other, and is not frozen at the end', () => {
    const marked = db
      .prepare("SELECT data_day FROM bulletins WHERE source_key = 'antalya' AND repeats_previous = 1 ORDER BY data_day")
      .pluck()
      .all() as string[];
    expect(marked).toEqual([...REPEATS.keys()].map(dayOf).sort());
    expect(db.prepare("SELECT count(*) FROM bulletins WHERE source_key = 'antalya'").pluck().get()).toBe(1096);
    expect(frozenSources(db).has('antalya')).toBe(false);
  });

  it('does not mark the 18 new lists with the previous day’s row count and sum of averages', () => {
    const marked = db
      .prepare("SELECT data_day FROM bulletins WHERE source_key = 'antalya' AND repeats_previous = 1")
      .pluck()
      .all() as string[];
    for (const day of TOTALS_TWINS) {
      const [list, previous] = [table(day), table(previousDay(day))];
      expect(list, day).not.toEqual(previous);
      expect(totals(list), day).toBe(totals(previous));
      expect(marked, day).not.toContain(day);
    }
  });

  it('flags the Domates Kokteyl rows printed 0.26 / 35 (2023-09-18 … 09-22) as an implausible spread', () => {
    const rows = observations("n.raw_name = 'Domates Kokteyl' AND o.min_price < 1");
    expect(rows.map((r) => [r.day, r.min, JSON.parse(r.flags)])).toEqual(
      ['18', '19', '20', '21', '22'].map((d) => [`2023-09-${d}`, 0.26, ['implausible_spread']]),
    );
  });

  const HUNDREDFOLD = "o.data_day BETWEEN '2024-04-09' AND '2024-04-11' AND o.min_price >= 500";

  it('stores the six prices of 2024-04-09 printed 100 times too high, and their copies of 04-10 and 04-11', () => {
    const rows = observations(HUNDREDFOLD);
    expect(rows.filter((r) => r.day === '2024-04-09').map((r) => [r.name, r.min, r.max])).toEqual([
      ['Biber (Dolma)', 3000, 4800],
      ['Limon', 500, 1500],
      ['Patlıcan', 700, 1200],
      ['Patlıcan (Topak)', 1200, 1800],
      ['Portakal (Sıkmalık)', 1000, 1300],
      ['Portakal (Valencia Pak)', 1500, 1800],
    ]);
    expect(rows).toHaveLength(18);
  });

  // Those prices are 100 times their neighbours' but below every upper bound of a row alone
  // (sources/lib/normalise.ts: 20,000 TL, a spread of 25): the store's history rule flags them
  // (store/implausible-values.ts, above 20 times the variant's recent median).
  it('flags those 18 rows implausible', () => {
    const unflagged = observations(HUNDREDFOLD).filter((r) => !JSON.parse(r.flags).includes('implausible_value'));
    expect(unflagged).toEqual([]);
  });
});

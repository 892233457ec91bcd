/**
 * The Adana archive imported alone into an empty store, as every default import imports it: 79
 * pages, the 0.00 / 0.00 rows counted as no quote and never stored as prices, the pages that
 * repeat the previous day's table marked `repeats_previous` (the repeats are found here without
 * the store: a page whose rows equal the previous page's), and the printed names the catalogue
 * does not link reported with their rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../build/model.ts';
import { isFrozenRun, repeatRuns } from '../../store/bulletins.ts';
import type { Db } from '../../store/db.ts';
import type { ImportSummary } from '../../store/import.ts';
import { importOneArchive } from '../../tests/support/one-archive.ts';
import { namesReport } from '../../store/names-report.ts';
import { fold } from '../../core/turkish.ts';
import { loadCatalogue } from '../catalogue.ts';
import { normaliseUnit } from '../lib/units.ts';
import type { PrintedRow } from '../types.ts';
import { adanaArchive } from './archive.ts';

const PAGES = adanaArchive().map((d) => ({ file: d.storedPath.split('/').pop()!, parsed: d.parser.parse(d) }));
const table = (rows: PrintedRow[]) => JSON.stringify(rows.map((r) => [r.group, r.name, r.unit, r.min, r.max]));
/** The pages whose rows (names, units, prices, order) equal the previous page's, found without the store. */
const REPEATING = PAGES.filter((p, i) => i > 0 && table(p.parsed.rows) === table(PAGES[i - 1]!.parsed.rows)).map(
  (p) => p.parsed.bulletinDays[0]!,
);

let db: Db;
let summary: ImportSummary;

beforeAll(() => {
  ({ db, summary } = importOneArchive('adana'));
}, 120_000);

describe('the Adana archive', () => {
  it('lists the 79 pages in page order, read by the HTML parser, without a known download moment', () => {
    const docs = adanaArchive();
    expect(docs).toHaveLength(79);
    expect([docs[0]!.url, docs.at(-1)!.url]).toEqual([
      'https://www.adana.bel.tr/tr/hal-detay/2601',
      'https://www.adana.bel.tr/tr/hal-detay/2680',
    ]);
    expect(new Set(docs.map((d) => `${d.parser.id} ${d.fetchedAt} ${d.requestedDay}`))).toEqual(
      new Set(['adana-html null null']),
    );
    expect(docs.map((d) => d.storedPath)).toContain('data/sources/adana/2628.html');
    expect(docs.map((d) => d.storedPath)).not.toContain('data/sources/adana/2627.html');
  });

  it('imports every page: 5,608 prices on 79 days, the 1,938 rows 0.00 / 0.00 counted as no quote', () => {
    expect(summary.refused).toEqual([]);
    const reports = summary.documents.map((d) => d.report);
    expect(reports).toHaveLength(79);
    expect(reports.reduce((n, r) => n + r.rows, 0)).toBe(7546);
    expect(reports.reduce((n, r) => n + r.observations, 0)).toBe(5608);
    expect(reports.reduce((n, r) => n + (r.rejected.no_quote ?? 0), 0)).toBe(1938);
    expect(reports.flatMap((r) => Object.keys(r.rejected)).filter((k) => k !== 'no_quote')).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM observations WHERE source_key = 'adana'").pluck().get()).toBe(5608);
    expect(
      db.prepare("SELECT count(*) FROM observations WHERE source_key = 'adana' AND min_price <= 0").pluck().get(),
    ).toBe(0);
    expect(db.prepare("SELECT count(DISTINCT data_day) FROM bulletins WHERE source_key = 'adana'").pluck().get()).toBe(
      79,
    );
  });

  it('marks the 55 pages that repeat the previous day’s table, and only those', () => {
    expect(REPEATING).toHaveLength(55);
    const marked = db
      .prepare("SELECT data_day FROM bulletins WHERE source_key = 'adana' AND repeats_previous = 1 ORDER BY data_day")
      .pluck()
      .all();
    expect(marked).toEqual(REPEATING);
  });

  it('is verified and not frozen at the end of the archive; the rule would have called it frozen on four days', () => {
    const adana = loadModel(db, '2026-11-21').sources.get('adana')!.derived;
    expect(adana).toMatchObject({ status: 'verified', condition: 'ok', health: 'warning' });
    const flags = db
      .prepare("SELECT repeats_previous FROM bulletins WHERE source_key = 'adana' ORDER BY data_day")
      .pluck()
      .all() as number[];
    expect(repeatRuns(flags)).toEqual([3, 2, 2, 3, 2, 2, 2, 7, 4, 1, 6, 2, 9, 5, 5, 0]);
    const days = PAGES.map((p) => p.parsed.bulletinDays[0]!);
    expect(days.filter((_, i) => isFrozenRun(repeatRuns(flags.slice(0, i + 1))))).toEqual([
      '2026-07-04',
      '2026-07-05',
      '2026-07-06',
      '2026-08-04',
    ]);
  });

  it('reports the 11 printed names the catalogue does not link, with their rows', () => {
    const adana = namesReport(db).find((r) => r.source === 'adana')!;
    expect(adana.names).toBe(87);
    expect(adana.rows).toBe(5608);
    expect(adana.unmatched).toEqual([
      { rawName: 'AVAKADO', unit: 'kg', rows: 79 },
      { rawName: 'KARPUZ ( SİYAH)', unit: 'kg', rows: 79 },
      { rawName: 'MAYDANOZ', unit: 'adet', rows: 79 },
      { rawName: 'SEMİZOTU', unit: 'bağ', rows: 79 },
      { rawName: 'ERİK(BLACK SPLENDOR)', unit: 'kg', rows: 68 },
      { rawName: 'DOMATES (YAYLA)', unit: 'kg', rows: 64 },
      { rawName: 'DOMATES (BURSA)', unit: 'kg', rows: 56 },
      { rawName: 'PORTAKAL(YATAK)', unit: 'kg', rows: 45 },
      { rawName: 'BİBER(JELİBON)', unit: 'kg', rows: 23 },
      { rawName: 'LİMON(DİKENLİ)', unit: 'kg', rows: 15 },
      { rawName: 'jAPON ERİK', unit: 'kg', rows: 14 },
    ]);
    expect(adana.byMethod.seed).toEqual({ names: 17, rows: 1148 });
  });

  it('uses every Adana alias row for a priced name (an alias nothing prints is a typo or dead data)', () => {
    const priced = new Set(
      PAGES.flatMap((p) => p.parsed.rows)
        .filter((r) => r.min !== null)
        .map((r) => `${fold(r.name)}|${normaliseUnit(r.unit).unit}`),
    );
    const aliases = loadCatalogue().aliases.filter((a) => a.source === 'adana');
    expect(aliases).toHaveLength(17);
    expect(aliases.filter((a) => !priced.has(`${a.matchKey}|${a.unit}`))).toEqual([]);
  });
});

/**
 * The İBB registry entry and archive: every real file listed once, in an order the importer can
 * rely on (the earliest of byte-identical copies first), each read by its parser.
 * Rows per file as counted in html/json/csv/crawl-index tests (Python, see there).
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../../core/dates.ts';
import { istanbulIbbArchive, istanbulIbbArchiveFiles } from './archive.ts';
import { adapter } from './index.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('İBB registry entry', () => {
  it('declares source number 2 with one Bayrampaşa market and no licence', () => {
    const d = adapter.definition;
    expect([d.key, d.number, d.kind, d.licence, d.attribution, d.dataLagDays, d.verification, d.enabled]).toEqual([
      'istanbul-ibb',
      2,
      'municipal',
      null,
      'Kaynak: İstanbul Büyükşehir Belediyesi Tarımsal Hizmetler Dairesi',
      1,
      'verified',
      true,
    ]);
    expect(d.url).toBe('https://tarim.ibb.istanbul/tr/istatistik/124/hal-fiyatlari.html');
    expect(d.publishingDays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(d.note).toContain('assumption until a year of collection confirms');
    expect(d.markets).toEqual([
      {
        slug: 'istanbul-ibb-sebze-meyve',
        name: 'İstanbul (Bayrampaşa) Sebze ve Meyve Toptancı Hali',
        province: 'İstanbul',
        district: 'Bayrampaşa',
        kind: 'sebze-meyve',
      },
    ]);
  });
});

describe('İBB archive', () => {
  const files = istanbulIbbArchiveFiles();
  const docs = istanbulIbbArchive();

  it('lists every file of data/sources/istanbul-ibb once', () => {
    // The closing slash makes `csv/` resolve inside the folder.
    const dir = new URL('../../data/sources/istanbul-ibb/', import.meta.url);
    const onDisk = [
      ...readdirSync(dir).filter((f) => f !== 'archive.json' && f !== 'csv'),
      ...readdirSync(new URL('csv/', dir)).map((f) => `csv/${f}`),
    ].sort();
    expect(files.map((f) => f.file).sort()).toEqual(onDisk);
    expect(onDisk).toHaveLength(18);
  });

  it('gives each document its upstream raw URL, no fetch moment, its requested day and a known market', () => {
    for (const [i, doc] of docs.entries()) {
      const file = files[i]!;
      expect(doc.url).toMatch(
        /^https:\/\/raw\.githubusercontent\.com\/(yunusbayazit\/ibb-hal-veri-crawler|Muratmirsad\/ibb-hal-analiz)\/[0-9a-f]{40}\//,
      );
      expect(
        doc.url.endsWith(
          `/${file.file
            .replace(/^csv\//, '')
            .replace(/^gida\.ibb_crawl_index\.json$/, 'index.json')
            .replace(/^gida\.ibb\.istanbul_.*\.html$/, 'index.html')}`,
        ),
      ).toBe(true);
      expect(doc.fetchedAt).toBeNull();
      expect(doc.storedPath).toBe(`data/sources/istanbul-ibb/${file.file}`);
      expect(doc.requestedDay ?? null).toBe(file.requestedDay ?? null);
      expect(file.market).toBe('istanbul-ibb-sebze-meyve');
      expect(file.note.length).toBeGreaterThan(20);
    }
  });

  it('reads every file: rows and bulletin days per file', () => {
    const counts = docs.map((doc) => {
      const parsed = doc.parser.parse(doc);
      return [
        doc.storedPath.replace('data/sources/istanbul-ibb/', ''),
        doc.parser.id,
        parsed.rows.length,
        parsed.bulletinDays.join(' '),
      ];
    });
    expect(counts).toEqual([
      ['gida.ibb_crawl_index.json', 'istanbul-ibb-crawl-index', 0, ''],
      ['gida.ibb.istanbul_hal-fiyatlari_2020-01-30_sebze.html', 'istanbul-ibb-html', 84, '2020-01-30'],
      ['2020-2-5_veri.json', 'istanbul-ibb-json', 84, '2020-02-05'],
      ['csv/2023-04-14.csv', 'istanbul-ibb-csv', 43, '2023-04-14'],
      ['csv/2023-04-15.csv', 'istanbul-ibb-csv', 43, '2023-04-15'],
      ['csv/2023-07-05.csv', 'istanbul-ibb-csv', 48, '2023-07-05'],
      ['csv/2023-07-06.csv', 'istanbul-ibb-csv', 49, '2023-07-06'],
      ['csv/2023-07-07.csv', 'istanbul-ibb-csv', 49, '2023-07-07'],
      ['csv/2023-07-08.csv', 'istanbul-ibb-csv', 0, ''],
      ['csv/2023-07-8.csv', 'istanbul-ibb-csv', 0, ''],
      ['csv/2024-3-12.csv', 'istanbul-ibb-csv', 39, '2024-03-12'],
      ['csv/2024-3-13.csv', 'istanbul-ibb-csv', 39, '2024-03-13'],
      ['csv/2024-03-14_meyve.csv', 'istanbul-ibb-csv', 39, '2024-03-14'],
      ['csv/2024-03-14_sebze.csv', 'istanbul-ibb-csv', 80, '2024-03-14'],
      ['csv/2024-04-16_meyve.csv', 'istanbul-ibb-csv', 36, '2024-04-16'],
      ['csv/2024-04-16.csv', 'istanbul-ibb-csv', 36, '2024-04-16'],
      ['csv/2024-04-16_sebze.csv', 'istanbul-ibb-csv', 81, '2024-04-16'],
      ['csv/2024-04-20.csv', 'istanbul-ibb-csv', 0, ''],
    ]);
  });

  it('puts the earliest of byte-identical copies first, so the importer keeps it', () => {
    const firstOf = new Map<string, string>();
    const skipped: string[] = [];
    for (const doc of docs) {
      const name = doc.storedPath.replace('data/sources/istanbul-ibb/', '');
      if (firstOf.has(sha(doc.bytes))) skipped.push(`${name} = ${firstOf.get(sha(doc.bytes))}`);
      else firstOf.set(sha(doc.bytes), name);
    }
    expect(skipped).toEqual([
      'csv/2023-07-8.csv = csv/2023-07-08.csv',
      'csv/2024-3-13.csv = csv/2024-3-12.csv',
      'csv/2024-03-14_meyve.csv = csv/2024-3-12.csv',
      'csv/2024-04-20.csv = csv/2023-07-08.csv',
    ]);
    const [first, ...copies] = docs.filter(
      (d) => sha(d.bytes) === 'da533cdc5a36afbac9c79c8f3df27f9a5fab770d6b10f44b836521da7372e9ba',
    );
    expect(first!.requestedDay).toBe('2024-03-12');
    expect(copies.map((d) => d.requestedDay)).toEqual(['2024-03-13', '2024-03-14']);
  });

  it('lists the later fetch of the fruit of 2024-04-16 last, so its prices win', () => {
    const order = docs.map((d) => d.storedPath.split('/').pop());
    expect(order.indexOf('2024-04-16_meyve.csv')).toBeLessThan(order.indexOf('2024-04-16.csv'));
  });

  it('keeps the category of each file in the rows (no suffix and _meyve: meyve, _sebze: sebze)', () => {
    for (const doc of docs) {
      const name = doc.storedPath.split('/').pop()!;
      const expected = /_sebze\.(csv|html)$|_veri\.json$/.test(name) ? 'sebze' : 'meyve';
      for (const row of doc.parser.parse(doc).rows) expect(row.group, name).toBe(expected);
    }
  });

  it('dates its bulletins on the days the market traded, Monday to Saturday (2023-04-15 is a Saturday)', () => {
    const days = new Set(docs.flatMap((d) => d.parser.parse(d).bulletinDays));
    expect([...days].map(isoWeekday).sort()).toEqual([2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6]);
  });
});

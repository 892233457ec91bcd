/** The Bolu weekly table parser on constructed fixtures (tests/fixtures/bolu/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { boluWeeklyTable, parseBoluWeeklyTable, PARSER, postDay } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/bolu/${name}`, import.meta.url), 'utf8');
const POST = fixture('10-09-2026-toptanci-hal-fiyat-listesi.html');
const POST_URL = 'https://www.bolu.bel.tr/10-09-2026-toptanci-hal-fiyat-listesi/';
const doc = (html: string, url = POST_URL, requestedDay: string | null = null) =>
  fetchedDocument(url, html, { requestedDay });

describe('Bolu: the post URL', () => {
  it('carries the data day in both post kinds', () => {
    expect(postDay(POST_URL)).toBe('2026-09-10');
    expect(postDay('https://www.bolu.bel.tr/04-09-2026-haftalik-fiyat-listesi/')).toBe('2026-09-04');
    expect(postDay('https://www.bolu.bel.tr/04-09-2026-haftalik-fiyat-listesi')).toBe('2026-09-04');
    expect(postDay('https://www.bolu.bel.tr/15-09-2026-hal-kompleksi-duyurusu/')).toBeNull();
    expect(postDay('https://www.bolu.bel.tr/31-02-2026-toptanci-hal-fiyat-listesi/')).toBeNull();
    expect(postDay('https://www.bolu.bel.tr/category/halfiyatlari/')).toBeNull();
  });
});

describe('Bolu: the last table, two products per row', () => {
  it('reads 9 vegetables and 7 fruits, vegetable then fruit for each row', () => {
    const parsed = parseBoluWeeklyTable(doc(POST));
    expect(parsed.bulletinDays).toEqual(['2026-09-10']);
    expect(parsed.rows.map((r) => `${r.group} ${r.name}`)).toEqual([
      'SEBZE DOMATES',
      'MEYVE ELMA',
      'SEBZE BİBER SİVRİ',
      'MEYVE ARMUT',
      'SEBZE SALATALIK',
      'MEYVE ÜZÜM',
      'SEBZE PATLICAN',
      'MEYVE MUZ',
      'SEBZE KURU SOĞAN',
      'MEYVE KARPUZ',
      'SEBZE PATATES',
      'MEYVE LİMON',
      'SEBZE MAYDANOZ',
      'MEYVE KAVUN',
      'SEBZE MARUL',
      'SEBZE KARNABAHAR',
    ]);
  });

  it('takes the data day from the URL and the columns by position in each half', () => {
    const rows = parseBoluWeeklyTable(doc(POST)).rows;
    expect(rows[0]).toEqual(ROWS.DOMATES);
    expect(rows[1]).toEqual(ROWS.ELMA);
  });

  it('combines lira and kuruş cells: 22 + 50 kr = 22.50', () => {
    const rows = parseBoluWeeklyTable(doc(POST)).rows;
    expect(rows[4]).toMatchObject({ name: 'SALATALIK', min: 22.5, max: 35 });
    expect(rows[9]).toMatchObject({ name: 'KARPUZ', min: 8.5, max: 12, printed: 'KARPUZ | KG | 8 | 50 | 12 | 00' });
    expect(rows[12]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 10, max: 12.5 });
    expect(rows[7]).toMatchObject({ name: 'MUZ', min: 80, max: 105 });
  });

  it('reads an empty kuruş cell as 0 and `-` as no quote', () => {
    const rows = parseBoluWeeklyTable(doc(POST)).rows;
    expect(rows[15]).toMatchObject({ name: 'KARNABAHAR', min: 25, max: 35, location: 'table[1] tr[11] sebze' });
    expect(rows[13]).toMatchObject({ name: 'KAVUN', min: null, max: null, printed: 'KAVUN | KG | - |  | - | ' });
  });

  it('reads a one-digit kuruş cell as that many kuruş and a grouped lira cell', () => {
    const odd = POST.replace(
      '<td>MUZ</td><td>KG</td><td>80</td><td>00</td><td>105</td><td>00</td>',
      '<td>MUZ</td><td>KG</td><td>80</td><td>5</td><td>1.050</td><td>00</td>',
    );
    expect(parseBoluWeeklyTable(doc(odd)).rows[7]).toMatchObject({ name: 'MUZ', min: 80.05, max: 1050 });
  });

  it('skips the sidebar calendar that follows the price table', () => {
    expect(POST.indexOf('wp-calendar')).toBeGreaterThan(POST.indexOf('KARNABAHAR'));
    expect(parseBoluWeeklyTable(doc(POST)).rows).toHaveLength(16);
  });

  it('falls back to the requested day when the URL is not a post URL (an archived copy)', () => {
    const parsed = parseBoluWeeklyTable(doc(POST, 'https://example.org/copy.html', '2026-09-10'));
    expect(parsed.bulletinDays).toEqual(['2026-09-10']);
  });

  it('reads a table without products as a week without a list', () => {
    expect(
      parseBoluWeeklyTable(
        doc(
          fixture('17-09-2026-toptanci-hal-fiyat-listesi-empty.html'),
          'https://www.bolu.bel.tr/17-09-2026-toptanci-hal-fiyat-listesi/',
        ),
      ),
    ).toEqual({ rows: [], bulletinDays: [] });
  });

  it('is wrapped as parser bolu-weekly-table version 1', () => {
    expect([boluWeeklyTable.id, boluWeeklyTable.version]).toEqual(['bolu-weekly-table', 1]);
  });
});

describe('Bolu: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => parseBoluWeeklyTable(doc(html)), POST, CHANGED_PAGES);

  it('throws when neither the URL nor the document gives a day', () => {
    expect(
      expectLayoutError(PARSER, () => parseBoluWeeklyTable(doc(POST, 'https://www.bolu.bel.tr/?p=12345'))).message,
    ).toBe("bolu-weekly-table: no date: the URL https://www.bolu.bel.tr/?p=12345 is not a list post's");
  });
});

/** The Kahramanmaraş table parser on constructed fixtures (tests/fixtures/kahramanmaras/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { kahramanmarasTable, parseKahramanmarasTable, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/kahramanmaras/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('sebze-meyve-fiyatlari.html');
const doc = (html: string) => fetchedDocument('https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari', html);

describe('Kahramanmaraş: the second table', () => {
  it('reads the 12 rows of the second table, not the summary table before it', () => {
    const parsed = parseKahramanmarasTable(doc(PAGE));
    expect(parsed.rows).toHaveLength(12);
    expect(parsed.rows[0]).toEqual(ROWS.DOMATES);
  });

  it('picks the market from the Hal column', () => {
    const rows = parseKahramanmarasTable(doc(PAGE)).rows;
    expect(rows.filter((r) => r.market === 'kahramanmaras-sebze-meyve')).toHaveLength(7);
    expect(rows.filter((r) => r.market === 'kahramanmaras-elbistan').map((r) => r.name)).toEqual([
      'DOMATES',
      'PATATES',
      'KURU SOĞAN',
      'ELMA',
      'KAVUN',
    ]);
    expect(rows[7]).toMatchObject({ market: 'kahramanmaras-elbistan', name: 'DOMATES', min: 24, max: 38, avg: 30 });
  });

  it('reads 1.Kalite as max, 2.Kalite as min and Rayiç as the average, integers as printed', () => {
    const rows = parseKahramanmarasTable(doc(PAGE)).rows;
    expect(rows[1]).toMatchObject({ name: 'BİBER SİVRİ', max: 70, min: 45, avg: 55 });
    expect(rows[3]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', max: 12, min: 8, avg: 10 });
    // thousands dots in a whole-lira price: 1.450 is 1450, not 1.45
    expect(rows[6]).toMatchObject({ name: 'ANTEP FISTIĞI İÇİ', max: 1450, min: 1250, avg: 1350 });
  });

  it('keeps a 2.Kalite above the 1.Kalite as printed (normalise flags it, the parser does not swap)', () => {
    const odd = PAGE.replace('<td>70</td><td>45</td><td>55</td>', '<td>45</td><td>70</td><td>55</td>');
    expect(parseKahramanmarasTable(doc(odd)).rows[1]).toMatchObject({ name: 'BİBER SİVRİ', max: 45, min: 70 });
  });

  it("takes each row's own date as its data day", () => {
    const parsed = parseKahramanmarasTable(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-14', '2026-09-15']);
    expect(parsed.rows.filter((r) => r.dataDay === '2026-09-14').map((r) => `${r.market} ${r.name}`)).toEqual([
      'kahramanmaras-elbistan KURU SOĞAN',
      'kahramanmaras-elbistan ELMA',
    ]);
  });

  it('reads tables without price rows as a day without a list', () => {
    expect(parseKahramanmarasTable(doc(fixture('sebze-meyve-fiyatlari-empty.html')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('is wrapped as parser kahramanmaras-table version 1', () => {
    expect([kahramanmarasTable.id, kahramanmarasTable.version]).toEqual(['kahramanmaras-table', 1]);
  });
});

describe('Kahramanmaraş: a changed page is loud', () => {
  it('throws when the price table is no longer the second table', () => {
    const one = PAGE.replace(/<table class="table hal-ozet">[\s\S]*?<\/table>/, '');
    expect(expectLayoutError(PARSER, () => parseKahramanmarasTable(doc(one))).message).toBe(
      'kahramanmaras-table: the page has no second table',
    );
    const banner = PAGE.replace(
      '<h1>Sebze ve Meyve Fiyatları</h1>',
      '<h1>Sebze ve Meyve Fiyatları</h1><table><tr><td>Duyuru</td></tr></table>',
    );
    expect(expectLayoutError(PARSER, () => parseKahramanmarasTable(doc(banner))).message).toBe(
      'kahramanmaras-table: the second table lacks the columns Hal · Ürün Türü · Ürün Adı · Birim · 1.Kalite · 2.Kalite · Rayiç · Tarih',
    );
  });

  itThrowsOnChanges(PARSER, (html) => parseKahramanmarasTable(doc(html)), PAGE, CHANGED_PAGES);
});

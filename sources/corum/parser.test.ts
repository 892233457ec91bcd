/** The Çorum table parser on constructed fixtures (tests/fixtures/corum/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { corumTable, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/corum/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyatlari.html');
const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://www.corum.bel.tr/hal-fiyatlari', html, { requestedDay });

describe('Çorum: the table', () => {
  it('reads every row as printed, columns by their header', () => {
    const parsed = corumTable.parse(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-15']);
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.rows[0]).toEqual(ROWS.Domates);
  });

  it('reads `160,00 ₺` prices, units as printed, and a thousands dot', () => {
    const rows = corumTable.parse(doc(PAGE)).rows;
    expect(rows[2]).toMatchObject({ name: 'Salatalık', unit: 'Kg', min: 22.5, max: 35 });
    expect(rows[4]).toMatchObject({ name: 'Maydanoz', unit: 'Bağ', min: 10, max: 15 });
    expect(rows[5]).toMatchObject({ name: 'Marul Göbek', unit: 'Adet', min: 20, max: 30 });
    expect(rows[8]).toMatchObject({ name: 'Muz (İthal)', min: 85, max: 110 });
    expect(rows[9]).toMatchObject({ name: 'Ceviz İçi', min: 160, max: 1250, location: 'table[0] tr[10]' });
  });

  it('finds the columns by their header, wherever they stand', () => {
    const reordered = `<table><tr><th>Birim</th><th>Ürün Adı</th><th>En Yüksek</th><th>En Düşük</th></tr>
      <tr><td>Kg</td><td>Domates</td><td>45,00 ₺</td><td>30,00 ₺</td></tr></table>`;
    expect(corumTable.parse(doc(reordered)).rows).toEqual([ROWS['Domates, columns reordered']]);
  });

  it('takes the data day from the requested day', () => {
    expect(corumTable.parse(doc(PAGE, '2026-09-16')).bulletinDays).toEqual(['2026-09-16']);
  });

  it('reads the table with only a "no prices" note as a day without a list', () => {
    expect(corumTable.parse(doc(fixture('hal-fiyatlari-empty.html')))).toEqual({ rows: [], bulletinDays: [] });
    expect(corumTable.parse(doc(fixture('hal-fiyatlari-empty.html'), null))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('is wrapped as parser corum-table version 1', () => {
    expect([corumTable.id, corumTable.version]).toEqual(['corum-table', 1]);
  });
});

describe('Çorum: a changed page is loud', () => {
  it('throws when no table has the known header', () => {
    const renamed = PAGE.replace('<th>En Düşük Fiyat</th>', '<th>Asgari</th>');
    expect(expectLayoutError(PARSER, () => corumTable.parse(doc(renamed))).message).toBe(
      'corum-table: no table with the columns Ürün · En Düşük · En Yüksek · Birim',
    );
    expect(() => corumTable.parse(doc('<html><body><p>Erişim engellendi</p></body></html>'))).toThrow('no table');
  });

  it('throws on a row with too few cells', () => {
    const short = PAGE.replace(
      '<tr><td>Kuru Soğan</td><td>15,00 ₺</td><td>20,00 ₺</td><td>Kg</td>',
      '<tr><td>Kuru Soğan</td><td>15,00 ₺</td><td>20,00 ₺</td>',
    );
    const cut = short.replace(
      '<td><i class="fa fa-minus"></i></td></tr>\n    <tr><td>Maydanoz',
      '</tr>\n    <tr><td>Maydanoz',
    );
    expect(expectLayoutError(PARSER, () => corumTable.parse(doc(cut))).message).toBe(
      'corum-table: table[0] tr[4]: not a price row: Kuru Soğan | 15,00 ₺ | 20,00 ₺',
    );
  });

  itThrowsOnChanges(PARSER, (html) => corumTable.parse(doc(html)), PAGE, CHANGED_PAGES);
});

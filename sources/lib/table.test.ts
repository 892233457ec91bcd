/** The shared table reading: header by label, exact header, the row walkers and the price reader. */
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { allTableRows, charsetOfContentType, loadHtml, loadHtmlDocument } from './html.ts';
import {
  columnsByHeader,
  columnsByLabel,
  findLabelledHeader,
  findTableByLabels,
  fullWidthRows,
  isBlankOrNote,
  namedRows,
  nameWithVariety,
  parseDatelessTable,
  parseExactTable,
  parsedRows,
  priceReader,
  tablesWithHeader,
  type HeaderedTable,
} from './table.ts';
import type { PrintedRow } from '../types.ts';

const html = (text: string) => loadHtml(new TextEncoder().encode(text));
const tr = (...cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
const LABELS = { name: 'urun', unit: 'birim', min: 'en dusuk', max: 'en yuksek' } as const;

describe('priceReader', () => {
  it('reads Turkish prices and placeholders', () => {
    const price = priceReader('test-table');
    expect(price('1.234,56 TL', 'x')).toBe(1234.56);
    expect(price('12.00 ₺', 'x')).toBe(12);
    expect(price('-', 'x')).toBeNull();
    expect(price('Fiyat Bekleniyor', 'x')).toBeNull();
  });

  it("throws a LayoutError naming the parser and the cell, in the shared reader's words by default", () => {
    const price = priceReader('test-table');
    expect(expectLayoutError('test-table', () => price('18 ₺/kg', 'table[0] tr[3] min')).message).toBe(
      'test-table: table[0] tr[3] min: not a price: "18 ₺/kg"',
    );
  });

  it('words the error compactly when asked', () => {
    const price = priceReader('test-html', 'compact');
    expect(expectLayoutError('test-html', () => price('otuz', 'table[1] tr[2]')).message).toBe(
      'test-html: table[1] tr[2]: not a price "otuz"',
    );
  });
});

describe('header by label', () => {
  it('maps folded header texts to columns, in any order, a label alone or followed by more words', () => {
    expect(columnsByLabel(['Birim', 'Ürün Adı', 'En Yüksek', 'En Düşük Fiyat'], LABELS)).toEqual({
      name: 1,
      unit: 0,
      min: 3,
      max: 2,
    });
    expect(columnsByLabel(['ÜRÜN', 'BİRİM', 'EN DÜŞÜK', 'EN YÜKSEK', 'Değişim'], LABELS)).toEqual({
      name: 0,
      unit: 1,
      min: 2,
      max: 3,
    });
  });

  it('does not take a longer word for a label, and needs every field', () => {
    expect(columnsByLabel(['Ürünler', 'Birim', 'En Düşük', 'En Yüksek'], LABELS)).toBeNull();
    expect(columnsByLabel(['Ürün', 'Birimi', 'En Düşük', 'En Yüksek'], LABELS)).toBeNull();
    expect(columnsByLabel(['Ürün', 'Birim', 'En Düşük'], LABELS)).toBeNull();
  });

  it('takes any of several labels, and the first cell that matches', () => {
    const labels = { max: ['max', 'maksimum'], min: ['min', 'minimum'] } as const;
    expect(columnsByLabel(['Maksimum', 'Minimum'], labels)).toEqual({ max: 0, min: 1 });
    expect(columnsByLabel(['Min', 'Max', 'Min TL'], labels)).toEqual({ max: 1, min: 0 });
  });

  it('finds the header row below heading rows', () => {
    const rows = [
      ['15.09.2026 TARİHLİ LİSTE'],
      ['Ürün', 'Birim', 'En Düşük', 'En Yüksek'],
      ['Domates', 'Kg', '10', '20'],
    ];
    expect(findLabelledHeader(rows, LABELS)).toEqual({ headerAt: 1, columns: { name: 0, unit: 1, min: 2, max: 3 } });
    expect(findLabelledHeader(rows.slice(2), LABELS)).toBeNull();
  });

  it('finds the innermost table with the header; its index counts every table of the page', () => {
    const page = html(`<table><tr><td>menu</td></tr></table>
      <table><tr><td><table>${tr('Ürün', 'Birim', 'En Düşük', 'En Yüksek')}${tr('Domates', 'Kg', '10', '20')}</table></td></tr></table>`);
    const table = findTableByLabels(page, LABELS);
    expect(table).toEqual({
      index: 2,
      rows: [
        ['Ürün', 'Birim', 'En Düşük', 'En Yüksek'],
        ['Domates', 'Kg', '10', '20'],
      ],
      headerAt: 0,
      columns: { name: 0, unit: 1, min: 2, max: 3 },
    });
    expect(findTableByLabels(html('<table><tr><td>Duyuru</td></tr></table>'), LABELS)).toBeNull();
  });
});

describe('namedRows', () => {
  const table = (rows: string[][]): HeaderedTable<keyof typeof LABELS> => ({
    index: 3,
    rows: [['Ürün', 'Birim', 'En Düşük', 'En Yüksek'], ...rows],
    headerAt: 0,
    columns: { name: 0, unit: 1, min: 2, max: 3 },
  });

  it('yields the price rows with their location, passing over blank rows and one-cell notes', () => {
    const rows = [
      ...namedRows(
        'test-table',
        table([
          ['Domates', 'Kg', '10', '20', '▲'],
          ['', '', '', ''],
          ['Güncel fiyat yok'],
          [],
          ['Biber', 'Kg', '30', '40'],
        ]),
        'name',
      ),
    ];
    expect(rows).toEqual([
      { cells: ['Domates', 'Kg', '10', '20', '▲'], where: 'table[3] tr[1]' },
      { cells: ['Biber', 'Kg', '30', '40'], where: 'table[3] tr[5]' },
    ]);
  });

  it('throws on a row short of the mapped columns or without a name', () => {
    expect(
      expectLayoutError('test-table', () => [...namedRows('test-table', table([['Domates', 'Kg', '10']]), 'name')])
        .message,
    ).toBe('test-table: table[3] tr[1]: not a price row: Domates | Kg | 10');
    expect(
      expectLayoutError('test-table', () => [...namedRows('test-table', table([['', 'Kg', '10', '20']]), 'name')])
        .message,
    ).toBe('test-table: table[3] tr[1]: not a price row:  | Kg | 10 | 20');
  });

  it('takes another skip rule, called row by row as the rows are read', () => {
    const seen: string[] = [];
    const skip = (cells: string[]) => {
      seen.push(cells[0]!);
      return cells.length === 1;
    };
    const rows = namedRows(
      'test-table',
      table([['SEBZE'], ['Domates', 'Kg', '10', '20'], ['MEYVE'], ['Elma', 'Kg', '5']]),
      'name',
      skip,
    );
    expect(rows.next().value).toEqual({ cells: ['Domates', 'Kg', '10', '20'], where: 'table[3] tr[2]' });
    expect(seen).toEqual(['SEBZE', 'Domates']);
    expect(() => rows.next()).toThrow('table[3] tr[4]: not a price row');
    expect(seen).toEqual(['SEBZE', 'Domates', 'MEYVE', 'Elma']);
  });

  it('counts blank rows and one-cell rows as not price rows', () => {
    expect([[], [''], ['', ''], ['Not']].map(isBlankOrNote)).toEqual([true, true, true, true]);
    expect(isBlankOrNote(['Domates', ''])).toBe(false);
  });
});

describe('parseDatelessTable', () => {
  const SPEC = {
    parser: 'test-table',
    market: 'test-market',
    labels: LABELS,
    header: 'Ürün · Birim · En Düşük · En Yüksek',
  };
  const page = (...rows: string[]) =>
    `<table>${tr('Ürün', 'Birim', 'En Düşük Fiyat', 'En Yüksek Fiyat', 'Değişim')}${rows.join('')}</table>`;
  const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
    fetchedDocument('https://example.org/hal', html, { requestedDay });

  it('reads a row per product, of the requested day, the other columns in `printed` only', () => {
    expect(parseDatelessTable(doc(page(tr('Domates', 'Kg', '30,00 ₺', '45,00 ₺', '▲')), '2026-09-16'), SPEC)).toEqual({
      rows: [
        {
          dataDay: '2026-09-16',
          market: 'test-market',
          name: 'Domates',
          unit: 'Kg',
          group: null,
          min: 30,
          max: 45,
          avg: null,
          printed: 'Domates | Kg | 30,00 ₺ | 45,00 ₺ | ▲',
          location: 'table[0] tr[1]',
        },
      ],
      bulletinDays: ['2026-09-16'],
    });
  });

  it('takes the group from its column where the page has one (empty: none)', () => {
    const grouped = `<table>${tr('Tür', 'Ürün', 'Birim', 'En Düşük', 'En Yüksek')}${tr('SEBZE', 'Domates', 'Kg', '30', '45')}${tr('', 'Elma', 'Kg', '20', '25')}</table>`;
    const rows = parseDatelessTable(doc(grouped), { ...SPEC, labels: { ...LABELS, group: 'tur' } }).rows;
    expect(rows.map((r) => [r.name, r.group])).toEqual([
      ['Domates', 'SEBZE'],
      ['Elma', null],
    ]);
  });

  it('reads a table without price rows as no list, with or without a requested day', () => {
    expect(parseDatelessTable(doc(page(tr('Güncel fiyat bulunmamaktadır'))), SPEC)).toEqual({
      rows: [],
      bulletinDays: [],
    });
    expect(parseDatelessTable(doc(page(), null), SPEC)).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError naming the parser: no such table, rows without a requested day, a bad price', () => {
    expect(expectLayoutError('test-table', () => parseDatelessTable(doc('<p>Bakım</p>'), SPEC)).message).toBe(
      'test-table: no table with the columns Ürün · Birim · En Düşük · En Yüksek',
    );
    expect(
      expectLayoutError('test-table', () =>
        parseDatelessTable(doc(page(tr('Domates', 'Kg', '30', '45', '')), null), SPEC),
      ).message,
    ).toBe('test-table: the page prints no date and the document carries no requestedDay');
    expect(
      expectLayoutError('test-table', () => parseDatelessTable(doc(page(tr('Domates', 'Kg', '30', 'kırk', ''))), SPEC))
        .message,
    ).toBe('test-table: table[0] tr[1] max: not a price: "kırk"');
  });
});

describe('exact header', () => {
  const NAMES = { cinsi: 'name', birimi: 'unit', 'en yuksek': 'max', 'en dusuk': 'min' } as const;

  it('maps a header of exactly the known names, in any order', () => {
    expect(columnsByHeader(['Cinsi', 'Birimi', 'En Yüksek', 'En Düşük'], NAMES)).toEqual({
      name: 0,
      unit: 1,
      max: 2,
      min: 3,
    });
    expect(columnsByHeader(['En Düşük', 'Cinsi', 'En Yüksek', 'Birimi'], NAMES)).toEqual({
      min: 0,
      name: 1,
      max: 2,
      unit: 3,
    });
  });

  it('refuses another width, an unknown name, a missing field, or no header', () => {
    expect(columnsByHeader(['Cinsi', 'Birimi', 'En Yüksek', 'En Düşük', 'Ortalama'], NAMES)).toBeNull();
    expect(columnsByHeader(['Cinsi', 'Birim', 'En Yüksek', 'En Düşük'], NAMES)).toBeNull();
    expect(columnsByHeader(['Cinsi', 'Cinsi', 'En Yüksek', 'En Düşük'], NAMES)).toBeNull();
    expect(columnsByHeader(undefined, NAMES)).toBeNull();
  });

  it('takes several names for one field, and a width with columns no field names', () => {
    const aliases = { 'urun tur': 'name', bastarih: 'from', 'bas tarih': 'from' } as const;
    expect(columnsByHeader(['Ürün/Tür', 'Baş Tarih'], aliases)).toEqual({ name: 0, from: 1 });
    expect(columnsByHeader(['Ürün/Tür', '?', 'BaşTarih'], aliases, 3)).toEqual({ name: 0, from: 2 });
    expect(columnsByHeader(['Ürün/Tür', '?', 'BaşTarih'], aliases)).toBeNull();
  });

  it('finds every table whose first row is the header, with its index on the page', () => {
    const tables = [
      [['Menü']],
      [
        ['Cinsi', 'Birimi', 'En Yüksek', 'En Düşük'],
        ['Domates', 'Kg', '38', '25'],
      ],
      [['Veri', 'yok']],
      [['Birimi', 'Cinsi', 'En Düşük', 'En Yüksek']],
    ];
    expect(tablesWithHeader(tables, NAMES).map((t) => [t.index, t.headerAt, t.columns])).toEqual([
      [1, 0, { name: 0, unit: 1, max: 2, min: 3 }],
      [3, 0, { unit: 0, name: 1, min: 2, max: 3 }],
    ]);
  });
});

describe('fullWidthRows', () => {
  const table = (rows: string[][]) => ({
    index: 1,
    rows: [['Cinsi', 'Birimi', 'En Yüksek', 'En Düşük'], ...rows],
    headerAt: 0,
  });

  it('yields the rows under the header with their location, passing over blank ones', () => {
    expect([
      ...fullWidthRows(
        'test-html',
        table([
          ['Domates', 'Kg', '38', '25'],
          ['', '', '', ''],
          ['Elma', 'Kg', '20', '10'],
        ]),
      ),
    ]).toEqual([
      { cells: ['Domates', 'Kg', '38', '25'], where: 'table[1] tr[1]' },
      { cells: ['Elma', 'Kg', '20', '10'], where: 'table[1] tr[3]' },
    ]);
  });

  it('throws on a row of another width, after the skip rule has had its say', () => {
    expect(
      expectLayoutError('test-html', () => [...fullWidthRows('test-html', table([['Domates', 'Kg', '38']]))]).message,
    ).toBe('test-html: table[1] tr[1]: 3 cells, expected 4');
    const notice = (cells: string[]) => cells.length === 1 && cells[0] === 'Veri yok';
    expect([...fullWidthRows('test-html', table([['Veri yok']]), notice)]).toEqual([]);
    expect(() => [...fullWidthRows('test-html', table([['Bakım']]), notice)]).toThrow(
      'table[1] tr[1]: 1 cells, expected 4',
    );
  });
});

describe('parseExactTable', () => {
  const NAMES = { cinsi: 'name', birimi: 'unit', 'en yuksek': 'max', 'en dusuk': 'min' } as const;
  const SPEC = { parser: 'test-html', names: NAMES, header: 'Cinsi · Birimi · En Yüksek · En Düşük' };
  const HEADER = ['Cinsi', 'Birimi', 'En Yüksek', 'En Düşük'];
  const facts = (cells: string[], columns: Record<'name' | 'unit' | 'min' | 'max', number>) => ({
    dataDay: '2026-09-14',
    market: 'm',
    name: cells[columns.name]!,
    unit: cells[columns.unit]!,
    group: null,
  });

  it('reads the first table with the header, a row per product with its facts and prices', () => {
    const tables = [[['Duyuru']], [HEADER, ['Domates', 'Kg', '38 ₺', '25 ₺']]];
    expect(parseExactTable(tables, SPEC, facts)).toEqual({
      rows: [
        {
          dataDay: '2026-09-14',
          market: 'm',
          name: 'Domates',
          unit: 'Kg',
          group: null,
          min: 25,
          max: 38,
          avg: null,
          printed: 'Domates | Kg | 38 ₺ | 25 ₺',
          location: 'table[1] tr[1]',
        },
      ],
      bulletinDays: ['2026-09-14'],
    });
    expect(parseExactTable([[HEADER]], SPEC, facts)).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError naming the header when no table has it, and on a price that is not one', () => {
    expect(expectLayoutError('test-html', () => parseExactTable([[['Bakım']]], SPEC, facts)).message).toBe(
      'test-html: no table with the header Cinsi · Birimi · En Yüksek · En Düşük',
    );
    const notAPrice = [[HEADER, ['Elma', 'Kg', 'kırk', '10']]];
    expect(expectLayoutError('test-html', () => parseExactTable(notAPrice, SPEC, facts)).message).toBe(
      'test-html: table[0] tr[1]: not a price "kırk"',
    );
  });
});

describe('nameWithVariety', () => {
  it('joins a variety to the name unless it is empty, a dash or the name again', () => {
    expect(nameWithVariety('DOMATES', 'SALKIM')).toBe('DOMATES SALKIM');
    expect(nameWithVariety('DOMATES', '')).toBe('DOMATES');
    expect(nameWithVariety('DOMATES', '-')).toBe('DOMATES');
    expect(nameWithVariety('ÜZÜM', 'üzüm')).toBe('ÜZÜM');
  });
});

describe('parsedRows', () => {
  const row = (dataDay: string, name: string): PrintedRow => ({
    dataDay,
    market: 'm',
    name,
    unit: 'kg',
    group: null,
    min: 1,
    max: 2,
    avg: null,
    printed: name,
    location: name,
  });

  it('gives the days the rows hold, once each and sorted; none for no row', () => {
    const rows = [row('2026-09-15', 'a'), row('2026-09-14', 'b'), row('2026-09-15', 'c')];
    expect(parsedRows(rows)).toEqual({ rows, bulletinDays: ['2026-09-14', '2026-09-15'] });
    expect(parsedRows([])).toEqual({ rows: [], bulletinDays: [] });
  });
});

describe('html helpers of the table readers', () => {
  it('takes the charset from the Content-Type, else UTF-8', () => {
    expect(charsetOfContentType('text/html; charset=windows-1254')).toBe('windows-1254');
    expect(charsetOfContentType('text/html;charset=UTF-8')).toBe('UTF-8');
    expect(charsetOfContentType('text/html')).toBe('utf-8');
  });

  it('loads a page in the charset of its Content-Type and reads every table', () => {
    // `Ürün` in Windows-1254: Ü = 0xDC, ü = 0xFC
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('<table><tr><td>'),
      0xdc,
      0x72,
      0xfc,
      0x6e,
      ...new TextEncoder().encode('</td></tr></table><table><tr><th>a</th><td>b</td></tr></table>'),
    ]);
    expect(allTableRows(loadHtmlDocument({ bytes, contentType: 'text/html; charset=windows-1254' }))).toEqual([
      [['Ürün']],
      [['a', 'b']],
    ]);
    expect(allTableRows(loadHtmlDocument({ bytes, contentType: 'text/html' }))[0]).toEqual([['\ufffdr\ufffdn']]);
  });
});

/**
 * The GridView parser on CONSTRUCTED pages (tests/fixtures/hal-gov-tr/README.md): the 18 pages
 * of the real bulletin of 2026-04-21, its 444 lines copied from the real JSON into a page built
 * after what public scrapers of hal.gov.tr read. The same lines must give the same products and
 * values as the JSON parser gives on the real file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { concatBytes } from './collect.ts';
import { parseHksGrid, PARSER, readHksGrid } from './grid.ts';
import { readHksJson } from './json.ts';
import { parseVolume } from './table.ts';
import ROWS from './grid.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/hal-gov-tr/${name}`, import.meta.url));
const page = (n: number) => fixture(`grid-page-${String(n).padStart(2, '0')}.html`);
const PAGES = Array.from({ length: 18 }, (_, i) => page(i + 1));
const BULLETIN = new TextDecoder().decode(concatBytes(PAGES));
const PAGE1 = page(1).toString('utf8');
const REAL = readHksJson(
  readFileSync(
    new URL('../../data/sources/hal-gov-tr/hal_fiyatlari_bulten-2026-04-22_veri-2026-04-21.json', import.meta.url),
    'utf8',
  ),
);

const squash = (s: string) => s.replace(/\s+/g, ' ');
const doc = (html: string, requestedDay: string | null = null) =>
  fetchedDocument('https://www.hal.gov.tr/Sayfalar/FiyatDetaylari.aspx', html, {
    fetchedAt: null,
    contentType: 'text/html; charset=utf-8',
    requestedDay,
  });
/** page 1 with its grid rows replaced */
const withRows = (rows: string) =>
  PAGE1.replace(/(<table[^>]*gvFiyatlar[^>]*>)[\s\S]*?(<\/table>\s*<\/div>)/, `$1\n${rows}\n$2`);
const HEADER =
  '<tr><th scope="col">Ürün Adı</th><th scope="col">Ürün Cinsi</th><th scope="col">Ürün Türü</th><th scope="col">Ortalama Fiyat</th><th scope="col">İşlem Hacmi</th><th scope="col">Birim Adı</th></tr>';
const tr = (...cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;

describe('HKS grid: the 18 pages of the bulletin of 22.04.2026', () => {
  const read = readHksGrid(BULLETIN);

  it('reads 444 lines on 18 pages and rejects one pager row per page', () => {
    expect(read.pages).toBe(18);
    expect(read.lines).toBe(444);
    expect(read.pagerRows).toBe(18);
  });

  it('gives the 260 products of the real JSON with the same values', () => {
    expect(read.document.bulletinDays).toEqual(['2026-04-21']);
    expect(read.bulletinDay).toBe('2026-04-22');
    expect(read.document.rows).toHaveLength(260);
    const values = (r: { name: string; unit: string; avg: number | null; dataDay: string }) => [
      squash(r.name),
      r.unit,
      r.avg,
      r.dataDay,
    ];
    expect(read.document.rows.map(values)).toEqual(REAL.document.rows.map(values));
  });

  it('aggregates a product whose lines sit on two pages', () => {
    // AYVA: Geleneksel on page 1 (row 26, after the header), İyi Tarım on page 2 (row 2)
    // (77.57×30946 + 127.59×17) / 30963 = 77.60
    const ayva = read.document.rows.find((r) => r.name === 'AYVA');
    expect(ayva).toMatchObject({ unit: 'Kg', avg: 77.6, location: 'page 1 row 26, page 2 row 2' });
    expect(JSON.parse(ayva!.printed)).toEqual([
      ['AYVA', 'AYVA', 'Geleneksel(Konvansiyonel)', '77,57', '30.946', 'Kg'],
      ['AYVA', 'AYVA', 'İyi Tarım', '127,59', '17', 'Kg'],
    ]);
  });

  it('reads prices with thousands dots and volumes with grouping dots', () => {
    // AHUDUDU(FRAMBUAZ): `1.416,49` × `745` and `1.097,45` × `1.566` → (1055285.05 + 1718606.7) / 2311 = 1200.30
    expect(read.document.rows.find((r) => r.name === 'AHUDUDU(FRAMBUAZ)')?.avg).toBe(1200.3);
  });

  it("shows the printed name with the page's single spaces", () => {
    expect(read.document.rows.map((r) => r.name)).toContain('FRENK ÜZÜMÜ');
  });
});

describe('HKS grid: one page', () => {
  it('reads page 1 alone: 25 lines, 16 products, one pager row', () => {
    const one = readHksGrid(PAGE1);
    expect([one.pages, one.lines, one.pagerRows, one.document.rows.length]).toEqual([1, 25, 1, 16]);
    expect(one.document.rows[0]).toEqual(ROWS.ACUR);
  });

  it('rejects a `<tr class="pager">` and a row whose first cell is a run of digits', () => {
    const html = withRows(
      [
        HEADER,
        tr('ACUR', 'ACUR', 'Geleneksel(Konvansiyonel)', '121,28', '5.434', 'Kg'),
        '<tr class="pager"><td colspan="6">1 2</td></tr>',
        tr('12345678910...', '1', '2', '3', '4', '5'),
      ].join('\n'),
    );
    const read = readHksGrid(html);
    expect([read.lines, read.pagerRows]).toEqual([1, 2]);
  });

  it('maps the columns by their header, not their position', () => {
    const html = withRows(
      [
        '<tr><th>Birim Adı</th><th>Ürün Adı</th><th>Ürün Cinsi</th><th>Ürün Türü</th><th>İşlem Hacmi</th><th>Ortalama Fiyat</th></tr>',
        tr('Kg', 'ACUR', 'ACUR', 'Geleneksel(Konvansiyonel)', '5.434', '121,28'),
      ].join('\n'),
    );
    expect(readHksGrid(html).document.rows[0]).toMatchObject({ name: 'ACUR', unit: 'Kg', avg: 121.28 });
  });

  it('takes the requested day when the page prints no label', () => {
    const html = PAGE1.replace(/<span id="[^"]*lblBultenTarihi">[^<]*<\/span>/, '');
    expect(parseHksGrid(doc(html, '2026-04-21')).bulletinDays).toEqual(['2026-04-21']);
    expect(expectLayoutError(PARSER, () => parseHksGrid(doc(html))).message).toBe(
      'hal-gov-tr-grid: no Bülten Tarihi label and no requested day',
    );
  });
});

describe('HKS grid: days without a list', () => {
  it('reads the form without a grid as no bulletin', () => {
    expect(parseHksGrid(doc(fixture('no-bulletin.html').toString('utf8')))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('reads an empty grid (EmptyDataText, or a header alone) as no bulletin', () => {
    expect(parseHksGrid(doc(withRows('<tr><td colspan="6">Kayıt bulunamadı.</td></tr>')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
    expect(parseHksGrid(doc(withRows(HEADER)))).toEqual({ rows: [], bulletinDays: [] });
  });
});

describe('HKS grid: a changed page is loud', () => {
  it('throws on a page with neither grid nor date form', () => {
    expect(expectLayoutError(PARSER, () => parseHksGrid(doc('<html><body>Hizmet dışı</body></html>'))).message).toBe(
      'hal-gov-tr-grid: neither the price grid nor the date form',
    );
  });

  it('throws on a renamed header or data rows without a header', () => {
    const renamed = withRows(
      [
        HEADER.replace('İşlem Hacmi', 'Miktar'),
        tr('ACUR', 'ACUR', 'Geleneksel(Konvansiyonel)', '121,28', '5.434', 'Kg'),
      ].join('\n'),
    );
    // the renamed header is not a header: its own row is the first "data" row before any header
    expect(() => parseHksGrid(doc(renamed))).toThrow(
      'hal-gov-tr-grid: page 1 row 1: a data row before any header (["Ürün Adı","Ürün Cinsi","Ürün Türü","Ortalama Fiyat","Miktar","Birim Adı"])',
    );
    const headless = withRows(tr('ACUR', 'ACUR', 'Geleneksel(Konvansiyonel)', '121,28', '5.434', 'Kg'));
    expect(() => parseHksGrid(doc(headless))).toThrow('hal-gov-tr-grid: page 1 row 1: a data row before any header');
  });

  it('throws on a row with a missing cell or a price that is not a number', () => {
    expect(() => parseHksGrid(doc(withRows([HEADER, tr('ACUR', 'ACUR', '121,28', '5.434', 'Kg')].join('\n'))))).toThrow(
      'page 1 row 2: 5 cells, the header has 6',
    );
    expect(() =>
      parseHksGrid(
        doc(withRows([HEADER, tr('ACUR', 'ACUR', 'Geleneksel(Konvansiyonel)', 'yüz', '5.434', 'Kg')].join('\n'))),
      ),
    ).toThrow('page 1 row 2: not a price: "yüz"');
  });

  it('throws on pages of different bulletins in one document', () => {
    const other = page(2).toString('utf8').replace('22.04.2026 (21.04.2026', '23.04.2026 (22.04.2026');
    expect(expectLayoutError(PARSER, () => parseHksGrid(doc(PAGE1 + other))).message).toBe(
      'hal-gov-tr-grid: pages of different bulletins: 2026-04-22, 2026-04-23',
    );
  });
});

describe('HKS volumes', () => {
  it('reads grouping dots as thousands', () => {
    expect(parseVolume('4.711.693')).toBe(4711693);
    expect(parseVolume('12.852')).toBe(12852);
    expect(parseVolume('5434')).toBe(5434);
    expect(parseVolume('5.434,00')).toBe(5434);
    expect(parseVolume('5434,5')).toBe(5434.5);
    expect(parseVolume('-')).toBeNull();
  });
});

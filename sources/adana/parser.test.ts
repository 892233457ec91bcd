/**
 * Golden tests of the Adana parser on the 79 real pages (data/sources/adana/). Expected values
 * were counted without the parser: rows per pane and `0.00` / `0.00` rows with a Python regex over
 * `<div id="sebze">` … `<div id="meyve">` … `</table>`, days from the titles in
 * manifest_2601-2680.json, spot rows from `grep -n -A4 '<td>NAME</td>' FILE`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { normalisePrice } from '../lib/normalise.ts';
import type { ParsedDocument, SourceDocument } from '../types.ts';
import { parseAdanaHtml, PARSER } from './parser.ts';
import GOLDEN from './parser.rows.json' with { type: 'json' };

/** page id → [day, vegetable rows, fruit rows, 0.00 / 0.00 rows] */
const PAGES: Record<string, (string | number)[]> = GOLDEN.PAGES;
const page = (id: string) => readFileSync(new URL(`../../data/sources/adana/${id}.html`, import.meta.url), 'utf8');
const doc = (html: string): SourceDocument => ({
  url: 'https://www.adana.bel.tr/tr/hal-detay/2680',
  fetchedAt: null,
  contentType: 'text/html; charset=utf-8',
  bytes: new TextEncoder().encode(html),
});
const parse = (html: string) => parseAdanaHtml(doc(html));
const parsed = new Map<string, ParsedDocument>();
const parsedPage = (id: string): ParsedDocument => {
  if (!parsed.has(id)) parsed.set(id, parse(page(id)));
  return parsed.get(id)!;
};
const LAST = page('2680');
const named = (id: string, name: string) => parsedPage(id).rows.filter((r) => r.name === name);

describe('Adana pages: days and rows', () => {
  it('reads every page: its day, its vegetable and fruit rows, its 0.00 / 0.00 rows', () => {
    const read = Object.fromEntries(
      Object.keys(PAGES).map((id) => {
        const { rows, bulletinDays } = parsedPage(id);
        return [
          id,
          [
            ...bulletinDays,
            rows.filter((r) => r.group === 'SEBZE').length,
            rows.filter((r) => r.group === 'MEYVE').length,
            rows.filter((r) => r.min === null && r.max === null).length,
          ],
        ];
      }),
    );
    expect(read).toEqual(PAGES);
  });

  it('holds 79 pages, 7,546 rows, 1,938 of them 0.00 / 0.00, one page per calendar day', () => {
    const pages = Object.values(PAGES);
    expect(pages).toHaveLength(79);
    expect(pages.reduce((n, [, sebze, meyve]) => n + Number(sebze) + Number(meyve), 0)).toBe(7546);
    expect(pages.reduce((n, [, , , zero]) => n + Number(zero), 0)).toBe(1938);
    // The ids skip 2627, the days do not.
    expect([PAGES['2626']![0], PAGES['2628']![0]]).toEqual(['2026-06-25', '2026-06-26']);
    expect(pages.at(-1)![0]).toBe('2026-08-17');
  });

  it('takes the day from the breadcrumb and the heading, which agree', () => {
    expect(parse(LAST).bulletinDays).toEqual(['2026-08-17']);
    expect(new Set(parse(LAST).rows.map((r) => r.dataDay))).toEqual(new Set(['2026-08-17']));
  });
});

describe('Adana rows as printed', () => {
  it('reads the first vegetable and fruit rows with their text and location as evidence', () => {
    const rows = parsedPage('2601').rows;
    expect(rows[0]).toEqual(GOLDEN.ROWS['BİBER(SİVRİ SERA) 2601']);
    expect(rows[52]).toEqual(GOLDEN.ROWS['ELMA(GOLDEN) 2601']);
    expect(parsedPage('2680').rows[3]).toEqual(GOLDEN.ROWS['BİBER KAPYA 2680']);
  });

  it('reads spot values of the first and last pages', () => {
    expect(named('2601', 'AVAKADO')).toMatchObject([{ unit: 'KG', group: 'MEYVE', min: 150, max: 220 }]);
    expect(named('2601', 'MAYDANOZ')).toMatchObject([{ unit: 'ADET', group: 'SEBZE', min: 4, max: 8 }]);
    expect(named('2601', 'LİMON(DİKENLİ)')).toMatchObject([{ min: 55, max: 70, location: '#meyve tr[44]' }]);
    expect(named('2680', 'BİBER(SİVRİ SERA)')).toMatchObject([{ min: 50, max: 60 }]);
    expect(named('2680', 'BAKLA (TAZE)')).toMatchObject([{ min: 30, max: 40, location: '#sebze tr[53]' }]);
    expect(named('2680', 'ERİK(BLACK SPLENDOR)')).toMatchObject([{ min: 45, max: 65, location: '#meyve tr[44]' }]);
  });

  it('keeps the names as printed: spaces, a lower-case letter, misspellings', () => {
    const names = new Set([...parsedPage('2601').rows, ...parsedPage('2680').rows].map((r) => r.name));
    for (const name of [
      'BİBER KAPYA ',
      'BİBER ( DOLMALIK )',
      'PATLICAN ( TOPAK )',
      'ARMUT ( SANTAMARİA)',
      'KARPUZ ( SİYAH)',
      'jAPON ERİK',
      'AVAKADO',
      'MANDALİNA(W WMOURKUT)',
    ])
      expect(names, name).toContain(name);
    expect(named('2680', 'FRİGO MISIR TAZE')).toMatchObject([{ unit: 'ADET', group: 'MEYVE', min: 10, max: 15 }]);
  });

  it('keeps the unit KĞ as printed, which normalises to kg', () => {
    expect(named('2680', 'KESTANE')).toEqual([GOLDEN.ROWS['KESTANE 2680']]);
    expect(Object.keys(PAGES).every((id) => named(id, 'KESTANE').every((r) => r.unit === 'KĞ'))).toBe(true);
    expect(Object.keys(PAGES).map((id) => named(id, 'KESTANE').length)).toEqual(Array(79).fill(1));
    const next = '</td>\\s*<td class="center">';
    const kestaneRow = new RegExp(`(<td>KESTANE${next}KĞ${next})0\\.00(${next})0\\.00`);
    const priced = parse(LAST.replace(kestaneRow, '$1120.00$2160.00'));
    const kestane = priced.rows.find((r) => r.name === 'KESTANE')!;
    expect(kestane).toMatchObject({ unit: 'KĞ', min: 120, max: 160 });
    expect(normalisePrice(kestane)).toMatchObject({ unit: 'kg', min: 120, max: 160, avg: 140 });
  });

  it('appends products to their table as the list changes', () => {
    const has = (id: string, name: string) => named(id, name).length === 1;
    expect(['2601', '2602'].map((id) => has(id, 'MUZ (İTHAL)'))).toEqual([false, true]);
    expect(['2610', '2611', '2612', '2613'].map((id) => has(id, 'ERİK(BLACK SPLENDOR)'))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(['2615', '2616'].map((id) => has(id, 'jAPON ERİK'))).toEqual([true, false]);
    expect(['2657', '2658'].map((id) => has(id, 'BİBER(JELİBON)'))).toEqual([false, true]);
    expect(named('2658', 'BİBER(JELİBON)')).toMatchObject([{ group: 'SEBZE', location: '#sebze tr[54]' }]);
  });
});

describe('Adana 0.00 / 0.00: listed, not traded', () => {
  it('returns a 0.00 / 0.00 row with null prices, which is never a price', () => {
    const [bakla] = named('2601', 'BAKLA (TAZE)');
    expect(bakla).toMatchObject({ min: null, max: null, avg: null, printed: 'BAKLA (TAZE) | KG | 0.00 | 0.00' });
    expect(normalisePrice(bakla!)).toEqual({ reason: 'no_quote' });
  });

  it('never returns a row with only one price', () => {
    const rows = Object.keys(PAGES).flatMap((id) => parsedPage(id).rows);
    expect(rows.filter((r) => (r.min === null) !== (r.max === null))).toEqual([]);
    expect(rows.filter((r) => r.min === 0 || r.max === 0)).toEqual([]);
  });

  it('refuses a row with one side zero and the other priced', () => {
    const oneZero = LAST.replace(/(<td class="center">50\.00<\/td>\s*<td class="center">)60\.00/, '$10.00');
    expect(expectLayoutError(PARSER, () => parse(oneZero)).message).toBe(
      'adana-html: #sebze tr[2]: 50.00 / 0.00: one side zero is neither a price nor "not traded"',
    );
    const otherSide = LAST.replace(
      /<td class="center">50\.00(<\/td>\s*<td class="center">60\.00)/,
      '<td class="center">0.00$1',
    );
    expect(expectLayoutError(PARSER, () => parse(otherSide)).message).toContain('#sebze tr[2]: 0.00 / 60.00');
  });
});

describe('Adana: the U+FEFF inside every page', () => {
  it('reads a page holding a U+FEFF before a style block, and no field carries it', () => {
    for (const id of Object.keys(PAGES)) {
      const text = page(id);
      expect([text.indexOf('\uFEFF'), text.lastIndexOf('\uFEFF')], id).toEqual([4476, 4476]);
      expect(text.slice(4477, 4484), id).toBe('<style>');
    }
    const fields = parsedPage('2601').rows.flatMap((r) => [r.name, r.unit, r.printed]);
    expect(fields.filter((f) => f.includes('\uFEFF'))).toEqual([]);
    expect(parse(LAST.replace(' 17/08/2026 </li>', ' \uFEFF17/08/2026 </li>')).bulletinDays).toEqual(['2026-08-17']);
  });
});

describe('Adana: a layout the parser does not know', () => {
  const refused = (html: string) => expectLayoutError(PARSER, () => parse(html)).message;

  it('refuses a page whose breadcrumb and heading print different days', () => {
    expect(refused(LAST.replace('<h4>17/08/2026', '<h4>18/08/2026'))).toBe(
      'adana-html: the breadcrumb says 17/08/2026, the heading 18/08/2026: which day is it?',
    );
  });

  it('refuses a page without its breadcrumb day, its heading, or with a day that does not exist', () => {
    expect(refused(LAST.replace('breadcrumb-item active', 'breadcrumb-item'))).toBe(
      'adana-html: 0 active breadcrumb items, expected 1',
    );
    expect(refused(LAST.replace('Tarihli Günlük Raiç Bedeli</h4>', 'Tarihli Fiyatlar</h4>'))).toBe(
      'adana-html: 0 headings "DD/MM/YYYY Tarihli Günlük Raiç Bedeli", expected 1',
    );
    expect(refused(LAST.replace('<h4>17/08/2026 Tarihli', '<h4>17.08.2026 Tarihli'))).toBe(
      'adana-html: heading "17.08.2026 Tarihli Günlük Raiç Bedeli": not "DD/MM/YYYY Tarihli …"',
    );
    expect(refused(LAST.replace(' 17/08/2026 </li>', ' 17.08.2026 </li>'))).toBe(
      'adana-html: breadcrumb "17.08.2026": not a day DD/MM/YYYY',
    );
    expect(refused(LAST.replaceAll('17/08/2026', '31/09/2026'))).toBe(
      'adana-html: breadcrumb "31/09/2026": not a day DD/MM/YYYY',
    );
  });

  it('refuses a page without a pane, with a renamed column or a row of another width', () => {
    expect(refused(LAST.replace('<div id="meyve"', '<div id="ithal"'))).toBe(
      'adana-html: #meyve: 0 tables, expected 1',
    );
    expect(refused(LAST.replace('<th class="center">En Yüksek</th>', '<th class="center">Ortalama</th>'))).toBe(
      'adana-html: #sebze: no header row Cinsi | Br | En Düşük | En Yüksek',
    );
    expect(refused(LAST.replace('<td class="center">60.00</td>', '<td class="center">60.00</td><td>55.00</td>'))).toBe(
      'adana-html: #sebze tr[2]: 5 cells, expected 4',
    );
    const emptyFruit = LAST.replace(/(<div id="meyve"[\s\S]*?<tbody>)[\s\S]*?(<\/tbody>)/, '$1$2');
    expect(refused(emptyFruit)).toBe('adana-html: #meyve: a table without rows');
  });

  it('refuses a price in another format and a page cut short', () => {
    expect(refused(LAST.replace('<td class="center">60.00</td>', '<td class="center">60,00</td>'))).toBe(
      'adana-html: #sebze tr[2]: not a price "60,00"',
    );
    expect(refused(LAST.replace('<td class="center">60.00</td>', '<td class="center">1.250</td>'))).toBe(
      'adana-html: #sebze tr[2]: not a price "1.250"',
    );
    expect(refused(LAST.slice(0, LAST.indexOf('<div id="meyve"') + 2000))).toBe(
      'adana-html: the page ends before </html>: cut short',
    );
  });

  it('refuses the page as it was once guessed (tests/fixtures/adana/hal-detay-4812.html)', () => {
    const guessed = readFileSync(new URL('../../tests/fixtures/adana/hal-detay-4812.html', import.meta.url), 'utf8');
    expect(refused(guessed)).toBe('adana-html: 0 active breadcrumb items, expected 1');
  });
});

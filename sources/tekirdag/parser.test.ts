/** The Tekirdağ detail parser on constructed fixtures (tests/fixtures/tekirdag/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { loadHtml } from '../lib/html.ts';
import { firstDay, parseTekirdagDetail, PARSER, tekirdagDetail } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/tekirdag/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal_fiyat_liste_detay-2151.html');
const doc = (html: string) =>
  fetchedDocument('https://www.tekirdag.bel.tr/hal_fiyat_liste_detay/2151', html, { requestedDay: '2026-09-20' });

describe('Tekirdağ: the detail table', () => {
  it('reads every row as printed, Max and Min by their header', () => {
    const parsed = parseTekirdagDetail(doc(PAGE));
    expect(parsed.rows).toHaveLength(9);
    expect(parsed.rows[0]).toEqual(ROWS['ANANAS (ANANAS)']);
  });

  it('keeps doubled names exactly as printed', () => {
    expect(parseTekirdagDetail(doc(PAGE)).rows.map((r) => r.name)).toEqual([
      'ANANAS (ANANAS)',
      'DOMATES (DOMATES)',
      'BİBER SALÇALIK (KAPYA) (BİBER SALÇALIK (KAPYA))',
      'SALATALIK (SALATALIK)',
      'KURU SOĞAN (KURU SOĞAN)',
      'MAYDANOZ (MAYDANOZ)',
      'ÜZÜM (ÇEKİRDEKSİZ) (ÜZÜM (ÇEKİRDEKSİZ))',
      'MUZ (MUZ)',
      'KARPUZ (KARPUZ)',
    ]);
  });

  it('maps the max-before-min columns without swapping values, `140 TL` prices', () => {
    const rows = parseTekirdagDetail(doc(PAGE)).rows;
    expect(rows[1]).toMatchObject({ name: 'DOMATES (DOMATES)', min: 25, max: 40 });
    expect(rows[5]).toMatchObject({ name: 'MAYDANOZ (MAYDANOZ)', unit: 'BAĞ', min: 8, max: 12 });
    expect(rows[8]).toMatchObject({ name: 'KARPUZ (KARPUZ)', min: 8, max: 12.5, location: 'table[0] tr[9]' });
    // a header that says Maksimum / Minimum is the same layout
    const long = PAGE.replace('<th>Max</th><th>Min</th>', '<th>Maksimum</th><th>Minimum</th>');
    expect(parseTekirdagDetail(doc(long)).rows[1]).toMatchObject({ min: 25, max: 40 });
  });

  it('takes the data day from the first date on the page (not a script, not later dates, not the requested day)', () => {
    expect(parseTekirdagDetail(doc(PAGE)).bulletinDays).toEqual(['2026-09-15']);
    expect(firstDay(loadHtml(new TextEncoder().encode('<body><p>Liste: 3/9/2026</p><p>15.09.2026</p></body>')))).toBe(
      '2026-09-03',
    );
    expect(firstDay(loadHtml(new TextEncoder().encode('<body><p>Telefon 0282 511 10 00</p></body>')))).toBeNull();
    // document order, nested or not; scripts and styles are not visible text
    const first = (html: string) => firstDay(loadHtml(new TextEncoder().encode(html)));
    expect(first('<body><div><span>x</span> 03.03.2022</div>tail 01.01.2020<div>B 02.02.2021</div></body>')).toBe(
      '2022-03-03',
    );
    expect(first('<body><div><div><p>04.04.2024</p></div></div><p>05.05.2025</p></body>')).toBe('2024-04-04');
    expect(
      first('<body><script>var d = "01.01.2020";</script><style>/* 02.02.2020 */</style><h1>15.09.2026</h1></body>'),
    ).toBe('2026-09-15');
  });

  it('reads a detail page without rows as a day without a list', () => {
    expect(parseTekirdagDetail(doc(fixture('hal_fiyat_liste_detay-empty.html')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('is wrapped as parser tekirdag-detail version 1', () => {
    expect([tekirdagDetail.id, tekirdagDetail.version]).toEqual(['tekirdag-detail', 1]);
  });
});

describe('Tekirdağ: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => parseTekirdagDetail(doc(html)), PAGE, CHANGED_PAGES);
});

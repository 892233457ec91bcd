/** The Yalova table parser on constructed fixtures (tests/fixtures/yalova/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { parseYalovaTable, PARSER, yalovaTable } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/yalova/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('fiyat-listesi.html');
const doc = (html: string) =>
  fetchedDocument('https://ebelediye.yalova.bel.tr/BilgiEdinme/FiyatListesi/', html, { requestedDay: '2026-09-15' });

describe('Yalova: the table', () => {
  it('reads every row as printed', () => {
    const rows = parseYalovaTable(doc(PAGE)).rows;
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(ROWS.DOMATES);
  });

  it('gives each row its own date as data day, weeks-old rows included', () => {
    const parsed = parseYalovaTable(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-05-12', '2026-07-03', '2026-08-28', '2026-09-14', '2026-09-15']);
    expect(parsed.rows.map((r) => [r.name, r.dataDay])).toEqual([
      ['DOMATES', '2026-09-15'],
      ['SALATALIK', '2026-09-15'],
      ['BİBER DOLMALIK', '2026-09-15'],
      ['PATATES', '2026-09-14'],
      ['PIRASA', '2026-08-28'],
      ['ENGİNAR', '2026-05-12'],
      ['ÇİLEK', '2026-07-03'],
      ['KİVİ', '2026-09-15'],
      ['ELMA', '2026-09-15'],
      ['MUZ', '2026-09-14'],
    ]);
  });

  it('reads `150,00 ₺` prices and Urun Turu as the group', () => {
    const rows = parseYalovaTable(doc(PAGE)).rows;
    expect(rows[6]).toMatchObject({ name: 'ÇİLEK', group: 'MEYVE', min: 120, max: 150, location: 'table[0] tr[7]' });
    expect(rows[9]).toMatchObject({ name: 'MUZ', group: 'MEYVE', min: 80, max: 105 });
    expect(rows[3]).toMatchObject({ name: 'PATATES', group: 'SEBZE', min: 18, max: 26 });
  });

  it('reads a date with a time after it', () => {
    const timed = PAGE.replace('<td>28.08.2026</td>', '<td>28.08.2026 00:00:00</td>');
    expect(parseYalovaTable(doc(timed)).rows[4]).toMatchObject({ name: 'PIRASA', dataDay: '2026-08-28' });
  });

  it('reads the header alone as a day without a list', () => {
    expect(parseYalovaTable(doc(fixture('fiyat-listesi-empty.html')))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('is wrapped as parser yalova-table version 1', () => {
    expect([yalovaTable.id, yalovaTable.version]).toEqual(['yalova-table', 1]);
  });
});

describe('Yalova: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => parseYalovaTable(doc(html)), PAGE, CHANGED_PAGES);
});

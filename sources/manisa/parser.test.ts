/** The Manisa table parser on constructed fixtures (tests/fixtures/manisa/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { manisaTable, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/manisa/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('sebzemeyvehali.html');
const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://www.manisa.bel.tr/apps/sebzemeyvehali/', html, { requestedDay });

describe('Manisa: the table', () => {
  it('reads every row as printed, Tip as the group', () => {
    const parsed = manisaTable.parse(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-15']);
    expect(parsed.rows).toHaveLength(11);
    expect(parsed.rows[0]).toEqual(ROWS.DOMATES);
    expect(parsed.rows.map((r) => r.group)).toEqual([...Array(6).fill('SEBZE'), ...Array(5).fill('MEYVE')]);
  });

  it('reads `110,00 TL` prices and units as printed', () => {
    const rows = manisaTable.parse(doc(PAGE)).rows;
    expect(rows[4]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 8, max: 12.5 });
    expect(rows[5]).toMatchObject({ name: 'MARUL', unit: 'ADET', min: 15, max: 25 });
    expect(rows[7]).toMatchObject({ name: 'İNCİR', group: 'MEYVE', min: 70, max: 110 });
    expect(rows[8]).toMatchObject({ name: 'KARPUZ', min: 7.5, max: 12, location: 'table[0] tr[9]' });
  });

  it('reads an empty table body as a day without a list', () => {
    expect(manisaTable.parse(doc(fixture('sebzemeyvehali-empty.html')))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('is wrapped as parser manisa-table version 1', () => {
    expect([manisaTable.id, manisaTable.version]).toEqual(['manisa-table', 1]);
  });
});

describe('Manisa: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => manisaTable.parse(doc(html)), PAGE, CHANGED_PAGES);
});

/** The Tokat table parser on constructed fixtures (tests/fixtures/tokat/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { PARSER, tokatTable } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/tokat/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyatlari.html');
const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://www.tokat.bel.tr/hal-fiyatlari', html, { requestedDay });

describe('Tokat: the table', () => {
  it('reads every row as printed; Önceki and Değişim stay in printed only', () => {
    const parsed = tokatTable.parse(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-15']);
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.rows[0]).toEqual(ROWS.Domates);
  });

  it('reads decimal points: `12.00 ₺` is twelve, `45.50 ₺` forty-five and a half, `1250.00 ₺` one thousand two hundred fifty', () => {
    const rows = tokatTable.parse(doc(PAGE)).rows;
    expect(rows[2]).toMatchObject({ name: 'Fasulye Çalı', min: 45.5, max: 70 });
    expect(rows[5]).toMatchObject({ name: 'Dereotu', unit: 'Bağ', min: 7.5, max: 10 });
    expect(rows[8]).toMatchObject({ name: 'Karpuz', group: 'Meyve', min: 6.75, max: 11 });
    expect(rows[9]).toMatchObject({ name: 'Ceviz (Kabuklu)', min: 150, max: 1250, location: 'table[0] tr[10]' });
  });

  it('reads the "no records" row as a day without a list', () => {
    expect(tokatTable.parse(doc(fixture('hal-fiyatlari-empty.html')))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('is wrapped as parser tokat-table version 1', () => {
    expect([tokatTable.id, tokatTable.version]).toEqual(['tokat-table', 1]);
  });
});

describe('Tokat: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => tokatTable.parse(doc(html)), PAGE, CHANGED_PAGES);

  it('throws when a list has rows but the document has no requested day', () => {
    expect(() => tokatTable.parse(doc(PAGE, null))).toThrow(
      'the page prints no date and the document carries no requestedDay',
    );
  });
});

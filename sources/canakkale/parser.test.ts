/** The Çanakkale table parser on constructed fixtures (tests/fixtures/canakkale/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { canakkaleTable, headingDay, parseCanakkaleTable, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/canakkale/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyat-listesi.html');
// a requested day the parser must not use: the table says its own day
const doc = (html: string) =>
  fetchedDocument('https://www.canakkale.bel.tr/tr/sayfa/1481-hal-fiyat-listesi', html, { requestedDay: '2026-09-20' });

describe('Çanakkale: the table', () => {
  it('reads the 10 product rows, skipping headings, category and note rows', () => {
    const parsed = parseCanakkaleTable(doc(PAGE));
    expect(parsed.rows.map((r) => r.name)).toEqual([
      'DOMATES',
      'BİBER SİVRİ',
      'SALATALIK',
      'PATATES',
      'ROKA',
      'ENGİNAR',
      'ÜZÜM ÇEKİRDEKSİZ',
      'İNCİR',
      'KARPUZ',
      'ŞEFTALİ',
    ]);
    expect(parsed.rows[0]).toEqual(ROWS.DOMATES);
  });

  it('takes the data day from the heading row, not from the requested day', () => {
    expect(parseCanakkaleTable(doc(PAGE)).bulletinDays).toEqual(['2026-09-15']);
    const named = PAGE.replace('15.09.2026 TARİHLİ', '16 Eylül 2026 TARİHLİ');
    expect(parseCanakkaleTable(doc(named)).bulletinDays).toEqual(['2026-09-16']);
  });

  it('gives each row the group of the category row above it', () => {
    const rows = parseCanakkaleTable(doc(PAGE)).rows;
    expect(rows.map((r) => r.group)).toEqual([...Array(6).fill('SEBZE'), ...Array(4).fill('MEYVE')]);
    expect(rows[6]).toMatchObject({ name: 'ÜZÜM ÇEKİRDEKSİZ', group: 'MEYVE', location: 'table[0] tr[10]' });
  });

  it('reads `55,00TL` prices and units as printed', () => {
    const rows = parseCanakkaleTable(doc(PAGE)).rows;
    expect(rows[4]).toMatchObject({ name: 'ROKA', unit: 'BAĞ', min: 10, max: 15 });
    expect(rows[5]).toMatchObject({ name: 'ENGİNAR', unit: 'ADET', min: 20, max: 30 });
    expect(rows[7]).toMatchObject({ name: 'İNCİR', min: 55, max: 90 });
    expect(rows[8]).toMatchObject({ name: 'KARPUZ', min: 8, max: 12.5 });
  });

  it('reads a table with category rows but no products as a day without a list', () => {
    expect(parseCanakkaleTable(doc(fixture('hal-fiyat-listesi-empty.html')))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('reads heading dates in the forms it knows', () => {
    expect(headingDay('TOPTANCI HALİ 15.09.2026 TARİHLİ')).toBe('2026-09-15');
    expect(headingDay('Tarih: 5/9/2026')).toBe('2026-09-05');
    expect(headingDay('1 ŞUBAT 2026 FİYAT LİSTESİ')).toBe('2026-02-01');
    expect(headingDay('31 Şubat 2026')).toBeNull();
    expect(headingDay('MALZEMENİN ADI')).toBeNull();
  });

  it('is wrapped as parser canakkale-table version 1', () => {
    expect([canakkaleTable.id, canakkaleTable.version]).toEqual(['canakkale-table', 1]);
  });
});

describe('Çanakkale: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => parseCanakkaleTable(doc(html)), PAGE, CHANGED_PAGES);
});

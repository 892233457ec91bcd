/** The Kütahya table parser on constructed fixtures (tests/fixtures/kutahya/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { charsetOf, kutahyaTable, parseKutahyaTable, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const bytes = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../tests/fixtures/kutahya/${name}`, import.meta.url)));
const PAGE = new TextDecoder().decode(bytes('hal.html'));
const doc = (body: string | Uint8Array, contentType = 'text/html', requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://www.kutahya.bel.tr/hal.asp', body, { contentType, requestedDay });

describe('Kütahya: the table', () => {
  it('reads the 12 rows of the inner table, not the layout table around it', () => {
    const parsed = parseKutahyaTable(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-15']);
    expect(parsed.rows).toHaveLength(12);
    expect(parsed.rows[0]).toEqual(ROWS['DOMATES (SALKIM)']);
  });

  it('keeps the reported average (Ortalama) as printed, even when it is not the midpoint', () => {
    const rows = parseKutahyaTable(doc(PAGE)).rows;
    // 25–40 has midpoint 32.5; the page says 32
    expect(rows[1]).toMatchObject({ name: 'DOMATES (SERA)', min: 25, max: 40, avg: 32 });
    expect(rows[11]).toMatchObject({ name: 'MUZ (İTHAL)', min: 80, max: 110, avg: 95, location: 'table[1] tr[12]' });
  });

  it('names a product by Adı and Cinsi, so varieties stay apart; an empty or `-` Cinsi leaves the name alone', () => {
    const names = parseKutahyaTable(doc(PAGE)).rows.map((r) => r.name);
    expect(names).toEqual([
      'DOMATES (SALKIM)',
      'DOMATES (SERA)',
      'BİBER (SİVRİ)',
      'BİBER (DOLMALIK)',
      'PATATES',
      'KURU SOĞAN',
      'ELMA (STARKİNG)',
      'ELMA (GOLDEN)',
      'ARMUT (SANTA MARİA)',
      'KARPUZ',
      'ÜZÜM (SULTANİ)',
      'MUZ (İTHAL)',
    ]);
  });

  it('decodes a Windows-1254 page by its meta tag, and by the Content-Type header', () => {
    const cp1254 = bytes('hal-windows-1254.html');
    expect(charsetOf(doc(cp1254))).toBe('windows-1254');
    const rows = parseKutahyaTable(doc(cp1254)).rows;
    expect(rows.map((r) => [r.name, r.min, r.max, r.avg])).toEqual(
      parseKutahyaTable(doc(PAGE)).rows.map((r) => [r.name, r.min, r.max, r.avg]),
    );
    expect(rows[5]!.printed).toBe('KURU SOĞAN |  | 14 TL | 20 TL | 17 TL');
    // the header wins over the meta tag
    expect(charsetOf(doc(cp1254, 'text/html; charset=ISO-8859-9'))).toBe('iso-8859-9');
    expect(charsetOf(doc(PAGE, 'text/html'))).toBe('utf-8');
  });

  it('reads the header row alone as a day without a list', () => {
    expect(parseKutahyaTable(doc(new TextDecoder().decode(bytes('hal-empty.html'))))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('is wrapped as parser kutahya-table version 1', () => {
    expect([kutahyaTable.id, kutahyaTable.version]).toEqual(['kutahya-table', 1]);
  });
});

describe('Kütahya: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => parseKutahyaTable(doc(html)), PAGE, CHANGED_PAGES);

  it('throws on an unknown charset', () => {
    expect(expectLayoutError(PARSER, () => parseKutahyaTable(doc(PAGE, 'text/html; charset=x-klingon'))).message).toBe(
      'kutahya-table: unknown charset x-klingon',
    );
  });

  it('throws when a list has rows but the document has no requested day', () => {
    expect(() => parseKutahyaTable(doc(PAGE, 'text/html', null))).toThrow(
      'the page prints no date and the document carries no requestedDay',
    );
  });
});

/** The Elazığ list parser on constructed fixtures (tests/fixtures/elazig/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { elazigList, elazigListFingerprint, parseElazigList, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/elazig/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyatlari.html');
const EMPTY = fixture('hal-fiyatlari-empty.html');
const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://www.elazig.bel.tr/hal-fiyatlari/', html, { requestedDay });

describe('Elazığ: the list', () => {
  it('reads every li as printed, in page order', () => {
    const parsed = parseElazigList(doc(PAGE));
    expect(parsed.rows.map((r) => r.name)).toEqual([
      'DOMATES',
      'SALATALIK',
      'BİBER SİVRİ',
      'PATLICAN',
      'KURU SOĞAN',
      'PATATES',
      'ELMA STARKİNG',
      'MUZ İTHAL',
      'KARPUZ',
      'KAVUN',
      'ÜZÜM ÇEKİRDEKSİZ',
      'LİMON',
    ]);
    expect(parsed.rows[0]).toEqual(ROWS.DOMATES);
  });

  it('takes the data day from the requested day, since the page prints none', () => {
    const parsed = parseElazigList(doc(PAGE, '2026-09-16'));
    expect(parsed.bulletinDays).toEqual(['2026-09-16']);
    expect(new Set(parsed.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-09-16']));
  });

  it('reads a decimal point and a decimal comma on the same page (`60.00`, `88,00`)', () => {
    const rows = parseElazigList(doc(PAGE)).rows;
    expect(rows[2]).toMatchObject({ name: 'BİBER SİVRİ', min: 60, max: 88, printed: 'BİBER SİVRİ 60.00 ₺ 88,00 ₺' });
    expect(rows[3]).toMatchObject({ name: 'PATLICAN', min: 28.5, max: 40 });
    expect(rows[4]).toMatchObject({ name: 'KURU SOĞAN', min: 15, max: 22.5 });
    expect(rows[11]).toMatchObject({ name: 'LİMON', min: 40, max: 55 });
  });

  it('reads 0 as no quote (null), keeping the row as printed', () => {
    const rows = parseElazigList(doc(PAGE)).rows;
    expect(rows[8]).toMatchObject({ name: 'KARPUZ', min: null, max: 14, location: 'ul#halfiyat li[8]' });
    expect(rows[9]).toMatchObject({ name: 'KAVUN', min: null, max: null, printed: 'KAVUN 0 0' });
  });

  it('reads an empty list as a day without prices', () => {
    expect(parseElazigList(doc(EMPTY))).toEqual({ rows: [], bulletinDays: [] });
    // no date is needed to say that nothing was published
    expect(parseElazigList(doc(EMPTY, null))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('is wrapped as parser elazig-list version 1', () => {
    expect(elazigList.id).toBe('elazig-list');
    expect(elazigList.version).toBe(1);
    expect(elazigList.parse(doc(PAGE)).rows).toHaveLength(12);
  });
});

describe('Elazığ: the content fingerprint of a dateless page', () => {
  it('stays the same when only the page around the list changes', () => {
    const otherChrome = PAGE.replace('q3XbV9kLm2TzR8pWc1yH0aFe6uJdNs4o', 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56').replace(
      '1.284.551',
      '1.284.902',
    );
    expect(otherChrome).not.toBe(PAGE);
    const a = elazigListFingerprint(new TextEncoder().encode(PAGE));
    expect(a.items).toBe(12);
    expect(elazigListFingerprint(new TextEncoder().encode(otherChrome))).toEqual(a);
  });

  it('changes when one price changes', () => {
    const changed = PAGE.replace(
      '<div class="price text-danger">45.00 ₺</div>',
      '<div class="price text-danger">47.50 ₺</div>',
    );
    expect(elazigListFingerprint(new TextEncoder().encode(changed)).sha256).not.toBe(
      elazigListFingerprint(new TextEncoder().encode(PAGE)).sha256,
    );
  });
});

describe('Elazığ: a changed page is loud', () => {
  itThrowsOnChanges(PARSER, (html) => parseElazigList(doc(html)), PAGE, CHANGED_PAGES);

  it('throws when a list has rows but the document has no requested day', () => {
    expect(expectLayoutError(PARSER, () => parseElazigList(doc(PAGE, null))).message).toBe(
      'elazig-list: the page prints no date and the document carries no requestedDay',
    );
  });
});

/**
 * The Elazığ list parser on the real list of 2026-09-08 and on constructed fixtures (both described in
 * tests/fixtures/elazig/README.md). The real list's expected rows (`LIST_2026_09_08`: name, printed
 * min and max, the prices they stand for) were read without the parser, by a Python regex over the
 * `h4.default-title` and `div.price` texts of each `li`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { normalisePrice } from '../lib/normalise.ts';
import type { ParsedDocument } from '../types.ts';
import { elazigList, elazigListFingerprint, parseElazigList, PARSER } from './parser.ts';
import GOLDEN from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/elazig/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyatlari.html');
const REAL = fixture('hal-fiyatlari-2026-09-08.html');
const EMPTY = fixture('hal-fiyatlari-empty.html');
const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://www.elazig.bel.tr/hal-fiyatlari/', html, { requestedDay });

/** name, min and max as printed, the prices they stand for (null: no quote) */
type ListEntry = [string, string, string, number | null, number | null];
const LIST = GOLDEN.LIST_2026_09_08 as ListEntry[];

describe('Elazığ: the real list of 2026-09-08', () => {
  // Read once, by the first test that needs it: a list the parser refuses fails each test, not the file.
  let parsed: ParsedDocument | undefined;
  const real = () => (parsed ??= parseElazigList(doc(REAL, '2026-09-08')));
  const named = (name: string) => real().rows.filter((r) => r.name === name);

  it('reads all 129 entries in page order: name, printed text, prices and location', () => {
    const { rows } = real();
    expect(LIST).toHaveLength(129);
    expect(rows.map((r) => [r.name, r.printed, r.min, r.max, r.location])).toEqual(
      LIST.map(([name, min, max, minPrice, maxPrice], i) => [
        name,
        `${name} ${min} ${max}`,
        minPrice,
        maxPrice,
        `ul#halfiyat li[${i}]`,
      ]),
    );
    expect(rows[0]).toEqual(GOLDEN.ROWS['Acur 2026-09-08']);
    expect(rows[4]).toEqual(GOLDEN.ROWS['Armutbursa 2026-09-08']);
    expect(elazigListFingerprint(new TextEncoder().encode(REAL)).items).toBe(129);
  });

  it('dates the dateless list by the requested day and takes it per kg: no date or unit on it', () => {
    const { rows } = real();
    expect(real().bulletinDays).toEqual(['2026-09-08']);
    expect(new Set(rows.map((r) => `${r.dataDay} ${r.unit} ${r.market}`))).toEqual(
      new Set(['2026-09-08 kg elazig-sebze-meyve']),
    );
    // The one 2026 of the file is in the capturer's HTML comment, outside the list.
    expect(REAL.match(/20\d\d|\bkg\b/gi)).toEqual(['2026']);
    expect(REAL.indexOf('2026')).toBeLessThan(REAL.indexOf('<ul id="halfiyat"'));
    expect(expectLayoutError(PARSER, () => parseElazigList(doc(REAL, null))).message).toBe(
      'elazig-list: the page prints no date and the document carries no requestedDay',
    );
  });

  it('reads a decimal point and a decimal comma, on one page and within one row', () => {
    const marks = (sign: string) =>
      LIST.flatMap(([, min, max]) => [min, max]).filter((t) => /[1-9]/.test(t) && t.includes(sign));
    expect([marks('.').length, marks(',').length]).toEqual([39, 75]);
    expect(LIST.filter(([, min, max]) => /[1-9]/.test(min) && min.includes(',') !== max.includes(','))).toHaveLength(
      19,
    );
    expect(named('Domates (CERY)')).toMatchObject([{ min: 100, max: 120, printed: 'Domates (CERY) 100,00 120.00' }]);
    expect(named('Maydanos')).toMatchObject([{ min: 8, max: 13 }]);
    expect(named('Muzithal')).toMatchObject([{ min: 96, max: 125 }]);
  });

  it('reads every spelling of zero as no quote, on both sides or neither: 57 priced, 72 without a quote', () => {
    const { rows } = real();
    const spellings = new Map<string, number>();
    for (const text of LIST.flatMap(([, min, max]) => [min, max]).filter((t) => !/[1-9]/.test(t)))
      spellings.set(text, (spellings.get(text) ?? 0) + 1);
    expect(Object.fromEntries(spellings)).toEqual({ '0.0': 1, '0.00': 125, '0,00': 8, '00,00': 6, '0': 4 });
    expect(named('Turp')).toMatchObject([{ min: null, max: null, printed: 'Turp 0 0' }]);
    expect(named('Bezelye')).toMatchObject([{ min: null, max: null, printed: 'Bezelye 00,00 00,00' }]);
    expect(rows.filter((r) => r.min !== null && r.max !== null)).toHaveLength(57);
    expect(rows.filter((r) => r.min === null && r.max === null)).toHaveLength(72);
    const outcomes = rows.map((r) => normalisePrice(r)).map((n) => ('reason' in n ? n.reason : n.flags.join() || 'ok'));
    expect(outcomes.filter((o) => o === 'no_quote')).toHaveLength(72);
  });

  it('returns the min > max row as printed, which normalising swaps and flags', () => {
    const { rows } = real();
    const reversed = rows.filter((r) => r.min !== null && r.max !== null && r.min > r.max);
    expect(reversed).toEqual([GOLDEN.ROWS['Biber (Kırmızı Kapya) 2026-09-08']]);
    expect(normalisePrice(reversed[0]!)).toEqual({
      min: 75,
      max: 350,
      avg: 212.5,
      avgMethod: 'midpoint',
      unit: 'kg',
      flags: ['min_max_swapped'],
    });
    const flagged = rows.map((r) => normalisePrice(r)).filter((n) => !('reason' in n) && n.flags.length > 0);
    expect(flagged).toHaveLength(1);
  });

  it('keeps names as printed, white space made one, a name listed twice kept twice', () => {
    const { rows } = real();
    expect(rows.filter((r) => r.name !== r.name.trim() || r.name.includes('  '))).toEqual([]);
    expect(named('Elma (Golden)')).toMatchObject([{ min: 65, max: 75 }]);
    expect(named('Biber Dolma')).toMatchObject([{ min: 45, max: 50 }]);
    const twice = rows.map((r) => r.name).filter((name, i, names) => names.indexOf(name) !== i);
    expect(twice).toEqual(['Kayısı', 'Kiraz', 'Portakal', 'Soğan', 'Vişne']);
    expect(twice.flatMap(named).every((r) => r.min === null && r.max === null)).toBe(true);
    expect(named('cennet hurma')).toHaveLength(1);
  });
});

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
    expect(parsed.rows[0]).toEqual(GOLDEN.ROWS.DOMATES);
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

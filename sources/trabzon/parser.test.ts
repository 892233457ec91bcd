/** The Trabzon card parser on constructed fixtures (tests/fixtures/trabzon/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { itThrowsOnChanges } from '../../tests/support/page-changes.ts';
import CHANGED_PAGES from './changed-pages.json' with { type: 'json' };
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { parseTrabzonCards, PARSER, trabzonCards } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/trabzon/${name}`, import.meta.url), 'utf8');
const RENDERED = fixture('halurunfiyatlari-rendered.html');
const doc = (html: string, requestedDay: string | null = '2026-09-15') =>
  fetchedDocument('https://kurumsal.trabzon.bel.tr/halurunfiyatlari', html, { requestedDay });

describe('Trabzon: the rendered cards', () => {
  it('reads one row per card: name, min, max', () => {
    const parsed = parseTrabzonCards(doc(RENDERED));
    expect(parsed.bulletinDays).toEqual(['2026-09-15']);
    expect(parsed.rows.map((r) => [r.name, r.min, r.max])).toEqual([
      ['DOMATES', 30, 45],
      ['SALATALIK', 25, 35],
      ['BİBER SİVRİ', 55, 80],
      ['KARALAHANA', 15, 22.5],
      ['PATATES', 18, 26],
      ['FINDIK İÇ', 140, 165],
      ['KİVİ', 60, 85],
      ['HURMA (TRABZON)', 45, 70],
      ['ELMA', 30, 45],
    ]);
    expect(parsed.rows[5]).toEqual(ROWS['FINDIK İÇ']);
  });

  it('does not depend on class names: other markup with the same content reads the same', () => {
    const other = `<html><body><ul>
      <li><b>DOMATES</b><br>En Düşük: 30,00₺<br>En Yüksek: 45,00₺</li>
      <li><b>KİVİ</b><br>En Düşük: 60,00₺<br>En Yüksek: 85,00₺</li></ul></body></html>`;
    expect(parseTrabzonCards(doc(other)).rows.map((r) => [r.name, r.min, r.max, r.location])).toEqual([
      ['DOMATES', 30, 45, 'card[0]'],
      ['KİVİ', 60, 85, 'card[1]'],
    ]);
  });

  it('takes the data day from the requested day', () => {
    expect(parseTrabzonCards(doc(RENDERED, '2026-09-16')).rows[0]!.dataDay).toBe('2026-09-16');
  });

  it('reads a rendered page saying it has no prices as a day without a list', () => {
    expect(parseTrabzonCards(doc(fixture('halurunfiyatlari-rendered-empty.html')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('is wrapped as parser trabzon-cards version 1', () => {
    expect([trabzonCards.id, trabzonCards.version]).toEqual(['trabzon-cards', 1]);
  });
});

describe('Trabzon: a changed or unrendered page is loud', () => {
  it('throws on the page as served without a browser (no cards, only the script)', () => {
    expect(
      expectLayoutError(PARSER, () => parseTrabzonCards(doc(fixture('halurunfiyatlari-as-served.html')))).message,
    ).toBe('trabzon-cards: no price cards: the page is rendered by script and needs a browser, or its layout changed');
  });

  itThrowsOnChanges(PARSER, (html) => parseTrabzonCards(doc(html)), RENDERED, CHANGED_PAGES);

  it('throws when prices stand in a table of three per product', () => {
    const table = `<html><body><table><tr><td>DOMATES</td><td>30,00₺</td><td>45,00₺</td><td>38,00₺</td></tr></table></body></html>`;
    expect(() => parseTrabzonCards(doc(table))).toThrow('no price cards');
  });
});

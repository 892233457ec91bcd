/**
 * Golden tests of the Bursa scraper's JSON copy on the real file.
 * Expected values: `grep -c '^  "' FILE` → 152 keys; spot entries from `grep -n -A3 '^  "NAME"' FILE`.
 * The same list is the last 2026-08-22 snapshot of the commit history (Python: dict of the JSON
 * == dict of the rows of commit c621c0bb…), which the last test checks through the other parser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { PrintedRow, SourceDocument } from '../types.ts';
import { parseBursaGitHistory } from './git-history.ts';
import { parseBursaScraperJson, PARSER } from './scraper-json.ts';
import ROWS from './scraper-json.rows.json' with { type: 'json' };

const BYTES = readFileSync(
  new URL('../../data/sources/bursa/onceki_fiyatlar_2026-08-22T172348Z.json', import.meta.url),
);
const doc = (bytes: Uint8Array, requestedDay: string | null = '2026-08-22'): SourceDocument => ({
  url: 'x',
  fetchedAt: null,
  contentType: 'application/json',
  bytes,
  requestedDay,
});
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
const DOC = parseBursaScraperJson(doc(BYTES));
const atLine = (n: number) => DOC.rows.find((r) => r.location === `line ${n}`);

describe('Bursa scraper JSON (2026-08-22)', () => {
  it('has 152 rows on the requested day 2026-08-22', () => {
    expect(DOC.rows).toHaveLength(152);
    expect(DOC.bulletinDays).toEqual(['2026-08-22']);
    expect(new Set(DOC.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-08-22']));
  });

  it('reads the first entry (line 2) with its text as evidence', () => {
    expect(DOC.rows[0]).toEqual(ROWS['Döngel(muşmula)']);
  });

  it('reads Limon (line 22), Acur (line 432), İthal Uskumru (line 697) and the last entry (line 757)', () => {
    expect(atLine(22)).toMatchObject({ name: 'Limon', unit: 'Kg.', min: 20, max: 100 });
    expect(atLine(432)).toMatchObject({ name: 'Acur', unit: '(kg)', min: 3.5, max: 35 });
    expect(atLine(697)).toMatchObject({ name: 'İthal Uskumru', unit: 'Koli', min: 6000, max: 6000 });
    expect(DOC.rows.at(-1)).toMatchObject({
      name: 'Norveç Somonu',
      unit: 'Kg',
      min: 475,
      max: 550,
      location: 'line 757',
      printed: '"Norveç Somonu": { "min": 475.0, "max": 550.0, "birim": "Kg" }',
    });
  });

  it('holds the same list as the last 2026-08-22 snapshot of the commit history', () => {
    const history = parseBursaGitHistory(
      doc(readFileSync(new URL('../../data/sources/bursa/bursa_history_from_git_commits.csv', import.meta.url))),
    );
    const key = (r: PrintedRow) => JSON.stringify([r.dataDay, r.name, r.unit, r.min, r.max]);
    expect(DOC.rows.map(key).sort()).toEqual(
      history.rows
        .filter((r) => r.dataDay === '2026-08-22')
        .map(key)
        .sort(),
    );
  });
});

describe('Bursa scraper JSON: what is not the file we know', () => {
  it('needs the requested day: the file prints no date', () => {
    expect(expectLayoutError(PARSER, () => parseBursaScraperJson(doc(BYTES, null))).message).toBe(
      'bursa-scraper-json: the document prints no date and no requestedDay was given',
    );
  });

  it('reads an empty object as no list', () => {
    expect(parseBursaScraperJson(doc(json({})))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws on a list, a non-JSON body, an entry without birim and a price as text', () => {
    expect(() => parseBursaScraperJson(doc(json([{ urun_ad: 'Limon' }])))).toThrow(
      'not an object keyed by product name',
    );
    expect(() => parseBursaScraperJson(doc(new TextEncoder().encode('<html>')))).toThrow('body is not JSON');
    expect(() => parseBursaScraperJson(doc(json({ Limon: { min: 20, max: 100 } })))).toThrow('line 2: no birim');
    expect(() => parseBursaScraperJson(doc(json({ Limon: { min: '20,00', max: 100, birim: 'Kg.' } })))).toThrow(
      'line 2: price "20,00"',
    );
  });
});

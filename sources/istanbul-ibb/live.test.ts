/**
 * collect() against a fake HTTP client serving the fixtures of tests/fixtures/istanbul-ibb/
 * (README.md there says how each was made; the page with the token script is synthetic).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../tests/support/fake-http.ts';
import { LayoutError, type Collected } from '../types.ts';
import { HttpStatusError, type HttpClient } from '../lib/http.ts';
import { adapter } from './index.ts';
import { dottedDay, fragmentUrl, PAGE_URL, readTokens } from './live.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../tests/fixtures/istanbul-ibb/${name}`, import.meta.url)));
const PAGE = fixture('page-hal-fiyatlari.html');
const TOKENS = { tUsr: 'FixtureUsr01', tPas: 'FixturePas02', tVal: '00000000-0000-4000-8000-fixture00003' };
const ENDPOINT = 'https://tarim.ibb.istanbul/inc/halfiyatlari/gunluk_fiyatlar.asp';
const url = (kategori: string) =>
  `${ENDPOINT}?tarih=14.03.2024&kategori=${kategori}&tUsr=FixtureUsr01&tPas=FixturePas02&tVal=00000000-0000-4000-8000-fixture00003&HalTurId=2`;

/** The fake answers from a table of URL → bytes (or an HTTP status); `strict`: any other URL fails the test. The endpoint names no charset. */
const SERVED = { strict: true, contentType: 'text/html', fetchedAt: '2024-03-15T02:00:00.000Z' };

const DAY_ROUTES = {
  [PAGE_URL]: PAGE,
  [url('5')]: fixture('fragment-meyve-2024-03-14.html'),
  [url('6')]: fixture('fragment-sebze-2024-03-14.html'),
  [url('7')]: fixture('fragment-empty.html'),
};

const collect = (http: HttpClient, log: (line: string) => void = () => {}) =>
  adapter.collect!({ day: '2024-03-14', http, log });

describe('İBB collect', () => {
  it('reads the tokens from the page, then asks for fruit, vegetables and imported of the day, with the page as Referer', async () => {
    const { http, calls } = fakeHttp(DAY_ROUTES, SERVED);
    await collect(http);
    expect(calls).toEqual([
      {
        url: 'https://tarim.ibb.istanbul/tr/istatistik/124/hal-fiyatlari.html',
        req: { headers: { accept: 'text/html' } },
      },
      ...['5', '6', '7'].map((k) => ({
        url: url(k),
        req: {
          headers: {
            accept: 'text/html, */*',
            referer: 'https://tarim.ibb.istanbul/tr/istatistik/124/hal-fiyatlari.html',
          },
        },
      })),
    ]);
    expect(calls.every((c) => c.req?.method === undefined && c.req?.form === undefined)).toBe(true);
  });

  it('hands back each non-empty table as a document of the requested day, and the empty one as no list', async () => {
    const { http } = fakeHttp(DAY_ROUTES, SERVED);
    const lines: string[] = [];
    const collected: Collected[] = await collect(http, (line) => lines.push(line));
    expect(collected).toHaveLength(3);
    expect(collected[2]).toEqual({ none: 'ithal (kategori 7): empty table, no list for 2024-03-14' });
    const docs = collected.flatMap((c) => ('document' in c ? [c] : []));
    expect(
      docs.map((d) => [
        d.document.url,
        d.document.requestedDay,
        d.document.fetchedAt,
        d.document.contentType,
        d.parser.id,
      ]),
    ).toEqual([
      [url('5'), '2024-03-14', '2024-03-15T02:00:00.000Z', 'text/html', 'istanbul-ibb-html'],
      [url('6'), '2024-03-14', '2024-03-15T02:00:00.000Z', 'text/html', 'istanbul-ibb-html'],
    ]);
    expect(docs[0]!.document.bytes).toEqual(fixture('fragment-meyve-2024-03-14.html'));
    const fruit = docs[0]!.parser.parse(docs[0]!.document);
    const vegetables = docs[1]!.parser.parse(docs[1]!.document);
    expect([fruit.rows.length, vegetables.rows.length]).toEqual([39, 80]);
    expect(fruit.bulletinDays).toEqual(['2024-03-14']);
    // the category comes from the URL the document was fetched from
    expect(fruit.rows[0]).toMatchObject({
      name: 'Armut',
      unit: 'Kilogram',
      group: 'meyve',
      min: 10,
      max: 20,
      dataDay: '2024-03-14',
    });
    expect(vegetables.rows[0]).toMatchObject({ name: 'Bakla', group: 'sebze', min: 25, max: 45 });
    expect(lines).toEqual([
      'istanbul-ibb meyve 2024-03-14: 39 rows',
      'istanbul-ibb sebze 2024-03-14: 80 rows',
      'istanbul-ibb ithal 2024-03-14: 0 rows',
    ]);
  });

  it('is a broken layout when the page no longer carries the tokens, and asks for nothing else', async () => {
    const stripped = new TextEncoder().encode(new TextDecoder().decode(PAGE).replace(/obj\.tPas = "[^"]*";/, ''));
    const { http, calls } = fakeHttp({ ...DAY_ROUTES, [PAGE_URL]: stripped }, SERVED);
    await expect(collect(http)).rejects.toThrow(
      new LayoutError('istanbul-ibb-page', `${PAGE_URL} no longer carries tPas`),
    );
    expect(calls).toHaveLength(1);
  });

  it('is a broken layout when a fragment is not the table', async () => {
    const { http } = fakeHttp({ ...DAY_ROUTES, [url('6')]: new TextEncoder().encode('<p>Hata</p>') }, SERVED);
    await expect(collect(http)).rejects.toBeInstanceOf(LayoutError);
  });

  it('lets HTTP errors through for the scrape command to classify', async () => {
    const blocked = fakeHttp({ ...DAY_ROUTES, [PAGE_URL]: 403 }, SERVED);
    await expect(collect(blocked.http)).rejects.toMatchObject({ status: 403 });
    const down = fakeHttp({ ...DAY_ROUTES, [url('7')]: 503 }, SERVED);
    await expect(collect(down.http)).rejects.toBeInstanceOf(HttpStatusError);
  });
});

describe('İBB request parts', () => {
  it('reads tokens in double or single quotes', () => {
    expect(readTokens(new TextDecoder().decode(PAGE))).toEqual(TOKENS);
    expect(readTokens("obj.tUsr='a1'; obj.tPas = 'b2' ;\nobj.tVal=\"c-3\";")).toEqual({
      tUsr: 'a1',
      tPas: 'b2',
      tVal: 'c-3',
    });
    expect(() => readTokens('<html></html>')).toThrow('no longer carries tUsr, tPas, tVal');
  });

  it('writes the day as DD.MM.YYYY and builds the documented URL', () => {
    expect(dottedDay('2024-03-04')).toBe('04.03.2024');
    expect(fragmentUrl('2024-03-14', 'ithal', TOKENS)).toBe(url('7'));
  });
});

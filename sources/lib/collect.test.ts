/** The shared collect() helpers. */
import { describe, expect, it } from 'vitest';
import { LayoutError, type Parser, type PrintedRow } from '../types.ts';
import { fakeHttp } from '../../tests/support/fake-http.ts';
import { documentOf, documentOrNone, dottedDay, fetchPage, PAGE_ACCEPT } from './collect.ts';
import type { HttpResponse } from './http.ts';

const BYTES = new TextEncoder().encode('<table></table>');
const RESPONSE: HttpResponse = {
  url: 'https://example.org/hal',
  status: 200,
  contentType: 'text/html; charset=UTF-8',
  bytes: BYTES,
  fetchedAt: '2026-09-15T05:00:00.000Z',
  etag: '"abc"',
  lastModified: null,
  notModified: false,
};
const DOCUMENT = {
  url: 'https://example.org/hal',
  fetchedAt: '2026-09-15T05:00:00.000Z',
  contentType: 'text/html; charset=UTF-8',
  bytes: BYTES,
};
const ROW: PrintedRow = {
  dataDay: '2026-09-15',
  market: 'm',
  name: 'Domates',
  unit: 'kg',
  group: null,
  min: 1,
  max: 2,
  avg: null,
  printed: 'Domates',
  location: 'tr[1]',
};
const parserOf = (parse: Parser['parse']): Parser => ({ id: 'test-parser', version: 1, parse });

describe('documentOf', () => {
  it('keeps what the answer says of the document, with the requested day when given', () => {
    expect(documentOf(RESPONSE, '2026-09-14')).toStrictEqual({ ...DOCUMENT, requestedDay: '2026-09-14' });
  });

  it('leaves the requested day out for a page that dates itself', () => {
    const document = documentOf(RESPONSE);
    expect(document).toStrictEqual(DOCUMENT);
    expect('requestedDay' in document).toBe(false);
    expect(document.bytes).toBe(BYTES);
  });
});

describe('documentOrNone', () => {
  it('says "none" for a page that parses to no row', () => {
    expect(
      documentOrNone(
        DOCUMENT,
        parserOf(() => ({ rows: [], bulletinDays: [] })),
        'x: no list for 2026-09-15',
      ),
    ).toEqual({ none: 'x: no list for 2026-09-15' });
  });

  it('hands on a page with rows, and a page that does not parse (kept as evidence)', () => {
    const good = parserOf(() => ({ rows: [ROW], bulletinDays: ['2026-09-15'] }));
    expect(documentOrNone(DOCUMENT, good, 'none')).toEqual({ document: DOCUMENT, parser: good });
    const broken = parserOf(() => {
      throw new LayoutError('test-parser', 'no table');
    });
    expect(documentOrNone(DOCUMENT, broken, 'none')).toEqual({ document: DOCUMENT, parser: broken });
    const crashing = parserOf(() => {
      throw new TypeError('bug');
    });
    expect(documentOrNone(DOCUMENT, crashing, 'none')).toEqual({ document: DOCUMENT, parser: crashing });
  });
});

describe('fetchPage', () => {
  it('GETs the page as a browser would and keeps the answer as the document', async () => {
    const { http, calls } = fakeHttp({ 'https://example.org/hal': '<table></table>' });
    const document = await fetchPage(http, 'https://example.org/hal', { requestedDay: '2026-09-14' });
    expect(document).toStrictEqual({ ...DOCUMENT, requestedDay: '2026-09-14' });
    expect(calls).toEqual([{ url: 'https://example.org/hal', req: { headers: { accept: PAGE_ACCEPT } } }]);
  });

  it('asks for what the caller names, and leaves the requested day out unless given', async () => {
    const { http, calls } = fakeHttp({ 'https://example.org/hal': '<table></table>' });
    const document = await fetchPage(http, 'https://example.org/hal', { accept: 'text/html' });
    expect(document).toStrictEqual(DOCUMENT);
    expect(calls[0]?.req).toEqual({ headers: { accept: 'text/html' } });
  });
});

describe('dottedDay', () => {
  it('writes a day as DD.MM.YYYY', () => {
    expect(dottedDay('2026-09-04')).toBe('04.09.2026');
    expect(dottedDay('2025-12-31')).toBe('31.12.2025');
  });
});

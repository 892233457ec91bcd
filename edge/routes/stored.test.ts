import { beforeEach, describe, expect, it } from 'vitest';
import type { ContentCoding } from '../../core/encodings.ts';
import { forgetCalendars } from '../answer/aging.ts';
import type { RouteContext } from '../answer/context.ts';
import type { Origin, StoredObject } from '../origin/object.ts';
import { serveStored } from './stored.ts';

const identity = new TextEncoder().encode('{"items":[]}');
// Stored bytes are never decoded on the paths under test (the fake objects give identity bytes).
const gzip = new Uint8Array([0x1f, 0x8b, 0x08, 0x00]);
const brotli = new Uint8Array([0x0b, 0x05, 0x80]);

/** Objects as the bucket holds them: text gzip-encoded, the twin brotli; `asked` records the reads. */
function bucket(keys: Record<string, ContentCoding>, buildDay = '2026-11-20') {
  const asked: string[] = [];
  const origin: Origin = {
    async get(key) {
      asked.push(key);
      if (key === 'api/v1/_meta/calendars.json') {
        const text = JSON.stringify({
          today: buildDay,
          fallback: { days: [1, 2, 3, 4, 5, 6], lag: 0 },
          sources: {},
          holidays: [],
        });
        return object(new TextEncoder().encode(text), null);
      }
      const coding = keys[key];
      return coding === undefined ? null : object(coding === 'br' ? brotli : gzip, coding);
    },
  };
  return { origin, asked };
}

function object(raw: Uint8Array, encoding: ContentCoding | null): StoredObject {
  const decoded = encoding === 'gzip' ? identity : raw;
  return {
    etag: '"e"',
    contentType: 'application/json; charset=utf-8',
    encoding,
    raw: () => raw,
    get body() {
      if (encoding === 'br') throw new Error('brotli is never decoded');
      return new Response(decoded).body;
    },
    text: async () => new TextDecoder().decode(decoded),
    bytes: async () => decoded,
    lines: async () => decoded,
    discard: async () => {},
  };
}

const ctx = (origin: Origin, codings: ContentCoding[], today = '2026-11-20'): RouteContext => ({
  url: new URL('http://localhost/'),
  params: new URLSearchParams(),
  origin,
  today,
  pathParams: {},
  codings,
});

const KEY = 'api/v1/markets.json';
beforeEach(() => forgetCalendars());

describe('a whole response goes as stored when the client takes its coding', () => {
  it('brotli first: the twin, as stored', async () => {
    const { origin, asked } = bucket({ [KEY]: 'gzip', [`${KEY}.br`]: 'br' });
    const answer = (await serveStored(ctx(origin, ['br', 'gzip']), KEY))!;
    expect(answer).toMatchObject({ encoding: 'br', body: brotli, etag: '"e"' });
    expect(asked).toEqual(['api/v1/_meta/calendars.json', `${KEY}.br`]);
  });

  it('gzip only: the object as the bucket holds it, never inflated', async () => {
    const { origin, asked } = bucket({ [KEY]: 'gzip', [`${KEY}.br`]: 'br' });
    const answer = (await serveStored(ctx(origin, ['gzip', 'br']), KEY))!;
    expect(answer).toMatchObject({ encoding: 'gzip', body: gzip });
    expect(asked).not.toContain(`${KEY}.br`);
  });

  it('neither: the identity bytes', async () => {
    const { origin } = bucket({ [KEY]: 'gzip', [`${KEY}.br`]: 'br' });
    const answer = (await serveStored(ctx(origin, []), KEY))!;
    expect(answer.encoding).toBeUndefined();
    expect(new Uint8Array(await new Response(answer.body).arrayBuffer())).toEqual(identity);
  });

  it('brotli only, and no twin (a build from before twins): the identity bytes', async () => {
    const { origin, asked } = bucket({ [KEY]: 'gzip' });
    const answer = (await serveStored(ctx(origin, ['br']), KEY))!;
    expect(answer.encoding).toBeUndefined();
    expect(new Uint8Array(await new Response(answer.body).arrayBuffer())).toEqual(identity);
    expect(asked).toEqual(['api/v1/_meta/calendars.json', `${KEY}.br`, KEY]);
  });

  it('served after the build day, JSON is re-aged from its identity; a page still goes as stored', async () => {
    const { origin, asked } = bucket({
      [KEY]: 'gzip',
      [`${KEY}.br`]: 'br',
      'pages/widgets.html': 'gzip',
      'pages/widgets.html.br': 'br',
    });
    const json = (await serveStored(ctx(origin, ['br', 'gzip'], '2026-11-21'), KEY))!;
    expect(json.encoding).toBeUndefined();
    expect(asked).not.toContain(`${KEY}.br`);
    const page = (await serveStored(ctx(origin, ['br', 'gzip'], '2026-11-21'), 'pages/widgets.html'))!;
    expect(page.encoding).toBe('br');
  });

  it('an unknown key is no answer', async () => {
    const { origin } = bucket({});
    expect(await serveStored(ctx(origin, ['br', 'gzip']), 'api/v1/products/nope/aliases.json')).toBeNull();
  });
});

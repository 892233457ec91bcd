/** The publication pointer: what counts as one, where it sends a path, and how one store keeps to one build. */
import { describe, expect, it } from 'vitest';
import { OriginUnavailable, parsePointer, PointerStore, type ObjectStore, type StoredObject } from './store.ts';
import { type Pointer, POINTER_KEY, resolveKey } from '../core/publication.ts';

const encoder = new TextEncoder();

const POINTER: Pointer = {
  format: 1,
  buildId: 'b-2026-11-21',
  releaseId: 'r1',
  day: '2026-11-21',
  prefix: 'builds/2026-11-21/r1/',
  shared: { prefix: 'shared/', paths: ['api/v1/partitions/', 'api/v1/_history/'] },
  builtAt: '2026-11-21T03:00:00Z',
  newestDataDay: '2026-11-20',
  publishedAt: '2026-11-21T03:30:00Z',
};

describe('the pointer', () => {
  it('is read back as written', () => {
    expect(parsePointer(JSON.stringify(POINTER))).toEqual(POINTER);
    expect(POINTER_KEY).toBe('current.json');
  });

  it.each([
    ['another format', { ...POINTER, format: 2 }],
    ['a prefix without its slash', { ...POINTER, prefix: 'builds/2026-11-21/r1' }],
    ['no prefix', { ...POINTER, prefix: 7 }],
    ['no shared part', { ...POINTER, shared: undefined }],
    ['no shared prefix', { ...POINTER, shared: { paths: [] } }],
    ['shared paths not a list', { ...POINTER, shared: { prefix: 'shared/', paths: 'api/' } }],
    ['no build id', { ...POINTER, buildId: null }],
  ])('with %s is not a publication pointer', (_, value) => {
    expect(() => parsePointer(JSON.stringify(value))).toThrow(
      new OriginUnavailable('the pointer object is not a publication pointer (format 1)'),
    );
  });

  it('sends shared paths to the shared prefix and every other path to the build’s own', () => {
    expect(resolveKey(POINTER, 'api/v1/partitions/2026/11.ndjson')).toBe('shared/api/v1/partitions/2026/11.ndjson');
    expect(resolveKey(POINTER, 'api/v1/_history/domates.json')).toBe('shared/api/v1/_history/domates.json');
    expect(resolveKey(POINTER, 'api/v1/markets.json')).toBe('builds/2026-11-21/r1/api/v1/markets.json');
    expect(resolveKey(POINTER, 'x/api/v1/partitions/')).toBe('builds/2026-11-21/r1/x/api/v1/partitions/');
  });
});

/** A store holding `objects` (text by key) that counts its reads. */
function memoryStore(objects: Record<string, string>): ObjectStore & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    get: async (key) => {
      reads.push(key);
      const text = objects[key];
      if (text === undefined) return null;
      return {
        etag: `"${key}"`,
        contentType: 'application/json',
        encoding: null,
        raw: () => encoder.encode(text),
        body: null,
        text: async () => text,
        bytes: async () => encoder.encode(text),
        lines: async () => encoder.encode(text),
        discard: async () => {},
      } satisfies StoredObject;
    },
  };
}

describe('PointerStore', () => {
  const objects = {
    'current.json': JSON.stringify(POINTER),
    'builds/2026-11-21/r1/api/v1/markets.json': '[]',
    'shared/api/v1/partitions/a.ndjson': '',
  };

  it('reads through the pointer, which it resolves once per store', async () => {
    const inner = memoryStore(objects);
    const store = new PointerStore(inner);
    expect((await store.get('api/v1/markets.json'))!.etag).toBe('"builds/2026-11-21/r1/api/v1/markets.json"');
    expect((await store.get('api/v1/partitions/a.ndjson'))!.etag).toBe('"shared/api/v1/partitions/a.ndjson"');
    expect(await store.get('api/v1/none.json')).toBeNull();
    expect(inner.reads).toEqual([
      'current.json',
      'builds/2026-11-21/r1/api/v1/markets.json',
      'shared/api/v1/partitions/a.ndjson',
      'builds/2026-11-21/r1/api/v1/none.json',
    ]);
    expect(await store.pointer()).toEqual(POINTER);
  });

  it('no pointer means nothing is published: the origin is unavailable', async () => {
    await expect(new PointerStore(memoryStore({})).get('api/v1/markets.json')).rejects.toThrow(
      new OriginUnavailable('no build is published: current.json is missing'),
    );
    await expect(new PointerStore(memoryStore(objects), { key: 'staging.json' }).pointer()).rejects.toThrow(
      'no build is published: staging.json is missing',
    );
  });

  it('a pointer under another key', async () => {
    const inner = memoryStore({ 'staging.json': JSON.stringify({ ...POINTER, prefix: 'builds/x/' }) });
    expect((await new PointerStore(inner, { key: 'staging.json' }).pointer()).prefix).toBe('builds/x/');
  });

  it('the isolate’s cache holds the pointer for a minute', async () => {
    const inner = memoryStore(objects);
    let now = 1_000_000;
    const cache = { pointer: null as Pointer | null, at: 0 };
    const store = () => new PointerStore(inner, { cache, now: () => now });
    await store().pointer();
    expect(cache).toEqual({ pointer: POINTER, at: 1_000_000 });
    now += 59_999;
    await store().pointer();
    expect(inner.reads).toEqual(['current.json']);
    now += 1;
    await store().pointer();
    expect(inner.reads).toEqual(['current.json', 'current.json']);
    expect(cache.at).toBe(1_060_000);
  });

  it('a shorter maximum age reads the pointer again sooner', async () => {
    const inner = memoryStore(objects);
    const cache = { pointer: POINTER, at: 1000 };
    expect(await new PointerStore(inner, { cache, maxAgeMs: 10, now: () => 1009 }).pointer()).toBe(POINTER);
    expect(inner.reads).toEqual([]);
    expect(await new PointerStore(inner, { cache, maxAgeMs: 10, now: () => 1010 }).pointer()).toEqual(POINTER);
    expect(inner.reads).toEqual(['current.json']);
  });
});

/** The publication pointer: what counts as one, where it sends a path, and how one origin keeps to one build. */
import { describe, expect, it } from 'vitest';
import { OriginUnavailable, type Origin, type StoredObject } from './object.ts';
import { parsePointer, PointerOrigin, SHARDS_KEPT, type PointerCache } from './pointer.ts';
import { type PathMapShard, type Pointer, POINTER_KEY, resolveKey, shardKey, shardOf } from '../../core/publication.ts';

const encoder = new TextEncoder();

const POINTER_1: Pointer = {
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

/** A build of the layout with a path map: two shards under its prefix. */
const POINTER: Pointer = {
  ...POINTER_1,
  format: 2,
  index: { prefix: 'builds/2026-11-21/r1/_index/', shards: 2 },
};
const INVALID = new OriginUnavailable('the pointer object is not a publication pointer (format 1 or 2)');
const noShard = async (key: string): Promise<PathMapShard> => {
  throw new Error(`read ${key}`);
};

describe('the pointer', () => {
  it('is read back as written, in either format', () => {
    expect(parsePointer(JSON.stringify(POINTER))).toEqual(POINTER);
    expect(parsePointer(JSON.stringify(POINTER_1))).toEqual(POINTER_1);
    expect(POINTER_KEY).toBe('current.json');
  });

  it.each([
    ['another format', { ...POINTER, format: 3 }],
    ['format 2 without its index', { ...POINTER, index: undefined }],
    ['an index prefix without its slash', { ...POINTER, index: { prefix: 'builds/x/_index', shards: 2 } }],
    ['no shards', { ...POINTER, index: { prefix: 'builds/x/_index/', shards: 0 } }],
    ['a fraction of a shard', { ...POINTER, index: { prefix: 'builds/x/_index/', shards: 1.5 } }],
    ['a prefix without its slash', { ...POINTER, prefix: 'builds/2026-11-21/r1' }],
    ['no prefix', { ...POINTER, prefix: 7 }],
    ['no shared part', { ...POINTER, shared: undefined }],
    ['no shared prefix', { ...POINTER, shared: { paths: [] } }],
    ['shared paths not a list', { ...POINTER, shared: { prefix: 'shared/', paths: 'api/' } }],
    ['no build id', { ...POINTER, buildId: null }],
  ])('with %s is not a publication pointer', (_, value) => {
    expect(() => parsePointer(JSON.stringify(value))).toThrow(INVALID);
  });

  it('sends shared paths to the shared prefix, and every other path of a format 1 build to the build’s own', async () => {
    for (const pointer of [POINTER, POINTER_1]) {
      expect(await resolveKey(pointer, 'api/v1/partitions/2026/11.ndjson', noShard)).toBe(
        'shared/api/v1/partitions/2026/11.ndjson',
      );
      expect(await resolveKey(pointer, 'api/v1/_history/domates.json', noShard)).toBe(
        'shared/api/v1/_history/domates.json',
      );
    }
    expect(await resolveKey(POINTER_1, 'api/v1/markets.json', noShard)).toBe(
      'builds/2026-11-21/r1/api/v1/markets.json',
    );
    expect(await resolveKey(POINTER_1, 'x/api/v1/partitions/', noShard)).toBe(
      'builds/2026-11-21/r1/x/api/v1/partitions/',
    );
  });

  it('sends every other path of a format 2 build where its path map shard says; a path the shard lacks is absent', async () => {
    const asked: string[] = [];
    const shard = async (key: string): Promise<PathMapShard> => {
      asked.push(key);
      return { 'api/v1/markets.json': 'objects/ab.json' };
    };
    expect(await resolveKey(POINTER, 'api/v1/markets.json', shard)).toBe('objects/ab.json');
    expect(await resolveKey(POINTER, 'toString', shard)).toBeNull();
    expect(asked).toEqual([
      `builds/2026-11-21/r1/_index/${shardOf('api/v1/markets.json', 2)}.json`,
      `builds/2026-11-21/r1/_index/${shardOf('toString', 2)}.json`,
    ]);
  });

  it('a path’s shard is FNV-1a of its UTF-8 bytes: published path maps were written by it, so it never changes', () => {
    expect(shardOf('', 2 ** 32)).toBe(0x811c9dc5);
    expect(shardOf('a', 2 ** 32)).toBe(0xe40c292c);
    expect(shardOf('api/v1/markets.json', 256)).toBe(117);
    expect(shardOf('api/v1/ürünler.json', 512)).toBe(25);
    expect(shardOf('api/v1/markets.json', 1)).toBe(0);
    expect(shardKey({ prefix: 'p/_index/', shards: 4 }, 3)).toBe('p/_index/3.json');
  });
});

/** An origin holding `objects` (text by key) that counts its reads. */
function memoryOrigin(objects: Record<string, string>): Origin & { reads: string[] } {
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

describe('PointerOrigin', () => {
  const objects = {
    'current.json': JSON.stringify(POINTER_1),
    'builds/2026-11-21/r1/api/v1/markets.json': '[]',
    'shared/api/v1/partitions/a.ndjson': '',
  };

  it('reads through the pointer, which it resolves once per origin', async () => {
    const inner = memoryOrigin(objects);
    const origin = new PointerOrigin(inner);
    expect((await origin.get('api/v1/markets.json'))!.etag).toBe('"builds/2026-11-21/r1/api/v1/markets.json"');
    expect((await origin.get('api/v1/partitions/a.ndjson'))!.etag).toBe('"shared/api/v1/partitions/a.ndjson"');
    expect(await origin.get('api/v1/none.json')).toBeNull();
    expect(inner.reads).toEqual([
      'current.json',
      'builds/2026-11-21/r1/api/v1/markets.json',
      'shared/api/v1/partitions/a.ndjson',
      'builds/2026-11-21/r1/api/v1/none.json',
    ]);
    expect(await origin.pointer()).toEqual(POINTER_1);
  });

  it('no pointer means nothing is published: the origin is unavailable', async () => {
    await expect(new PointerOrigin(memoryOrigin({})).get('api/v1/markets.json')).rejects.toThrow(
      new OriginUnavailable('no build is published: current.json is missing'),
    );
    await expect(new PointerOrigin(memoryOrigin(objects), { key: 'staging.json' }).pointer()).rejects.toThrow(
      'no build is published: staging.json is missing',
    );
  });

  it('a pointer under another key', async () => {
    const inner = memoryOrigin({ 'staging.json': JSON.stringify({ ...POINTER_1, prefix: 'builds/x/' }) });
    expect((await new PointerOrigin(inner, { key: 'staging.json' }).pointer()).prefix).toBe('builds/x/');
  });

  it('the isolate’s cache holds the pointer for a minute', async () => {
    const inner = memoryOrigin(objects);
    let now = 1_000_000;
    const cache: PointerCache = { pointer: null, at: 0 };
    const origin = () => new PointerOrigin(inner, { cache, now: () => now });
    await origin().pointer();
    expect(cache).toEqual({ pointer: POINTER_1, at: 1_000_000, shards: new Map() });
    now += 59_999;
    await origin().pointer();
    expect(inner.reads).toEqual(['current.json']);
    now += 1;
    await origin().pointer();
    expect(inner.reads).toEqual(['current.json', 'current.json']);
    expect(cache.at).toBe(1_060_000);
  });

  it('a shorter maximum age reads the pointer again sooner', async () => {
    const inner = memoryOrigin(objects);
    const cache = { pointer: POINTER_1, at: 1000 };
    expect(await new PointerOrigin(inner, { cache, maxAgeMs: 10, now: () => 1009 }).pointer()).toBe(POINTER_1);
    expect(inner.reads).toEqual([]);
    expect(await new PointerOrigin(inner, { cache, maxAgeMs: 10, now: () => 1010 }).pointer()).toEqual(POINTER_1);
    expect(inner.reads).toEqual(['current.json']);
  });
});

describe('PointerOrigin over a build with a path map', () => {
  const paths = ['api/v1/markets.json', 'api/v1/health.json', 'api/v1/products.json'];
  const shardKeyOf = (path: string) => shardKey(POINTER.index, shardOf(path, 2));
  /** The path map of POINTER: each path to an object named after it, every shard written. */
  function mapped(): Record<string, string> {
    const shards: Record<string, PathMapShard> = { [shardKeyOf('x')]: {}, [shardKeyOf('y')]: {} };
    for (const path of paths) (shards[shardKeyOf(path)] ??= {})[path] = `objects/${path.length}-${path.at(-6)}.json`;
    const objects: Record<string, string> = { 'current.json': JSON.stringify(POINTER) };
    for (const [key, shard] of Object.entries(shards)) objects[key] = JSON.stringify(shard);
    for (const path of paths) objects[JSON.parse(objects[shardKeyOf(path)]!)[path]] = `"${path}"`;
    objects['shared/api/v1/partitions/a.ndjson'] = '';
    return objects;
  }

  it('finds a path through its shard, reads each shard once, and a path the map lacks is absent', async () => {
    expect(new Set(paths.map((p) => shardOf(p, 2))).size).toBe(2); // both shards are read
    const inner = memoryOrigin(mapped());
    const origin = new PointerOrigin(inner);
    for (const path of paths) expect(await (await origin.get(path))!.text(), path).toBe(`"${path}"`);
    expect(await origin.get('api/v1/none.json')).toBeNull();
    expect((await origin.get('api/v1/partitions/a.ndjson'))!.etag).toBe('"shared/api/v1/partitions/a.ndjson"');
    const shardReads = inner.reads.filter((k) => k.includes('/_index/'));
    expect(shardReads.sort()).toEqual([...new Set(paths.map(shardKeyOf))].sort());
    expect(inner.reads.filter((k) => k.startsWith('objects/'))).toHaveLength(3);
  });

  it('the isolate’s cache keeps a shard for the origins after it', async () => {
    const inner = memoryOrigin(mapped());
    const cache: PointerCache = { pointer: null, at: 0 };
    for (let i = 0; i < 3; i++) await new PointerOrigin(inner, { cache }).get(paths[0]!);
    expect(inner.reads).toEqual([
      'current.json',
      shardKeyOf(paths[0]!),
      ...Array(3).fill(JSON.parse(mapped()[shardKeyOf(paths[0]!)]!)[paths[0]!]),
    ]);
  });

  it('keeps at most SHARDS_KEPT shards, the least recently used going first; a failed read is not kept', async () => {
    const many: Pointer = { ...POINTER, index: { prefix: 'i/', shards: 4096 } };
    const reads: string[] = [];
    let failing = false;
    const inner: Origin = {
      get: async (key) => {
        reads.push(key);
        if (key.startsWith('i/') && failing) throw new OriginUnavailable(`${key}: reset`);
        return memoryOrigin({ [key]: key === 'current.json' ? JSON.stringify(many) : '{}' }).get(key);
      },
    };
    const shards = new Map<string, Promise<PathMapShard>>();
    const origin = new PointerOrigin(inner, { cache: { pointer: null, at: 0, shards } });
    const byShard = new Map<string, string>();
    for (let i = 0; byShard.size < SHARDS_KEPT + 1; i++)
      byShard.set(shardKey(many.index, shardOf(`p${i}`, 4096)), `p${i}`);
    const [first, second, third] = [...byShard.keys()];
    for (const path of byShard.values()) expect(await origin.get(path)).toBeNull();
    expect(SHARDS_KEPT).toBe(128);
    expect(shards.size).toBe(SHARDS_KEPT);
    expect(shards.has(first!)).toBe(false);
    const before = reads.length;
    await origin.get(byShard.get(second!)!); // now the most recently used
    expect(reads.length).toBe(before);
    await origin.get(byShard.get(first!)!);
    expect(reads.slice(before)).toEqual([first]);
    expect([shards.has(second!), shards.has(third!)]).toEqual([true, false]);

    failing = true;
    await expect(origin.get(byShard.get(third!)!)).rejects.toThrow(`${third}: reset`);
    expect(shards.has(third!)).toBe(false);
    failing = false;
    expect(await origin.get(byShard.get(third!)!)).toBeNull();
    expect(reads.slice(-2)).toEqual([third, third]);
  });

  it('a shard missing from the bucket is a broken publication: the origin is unavailable', async () => {
    const objects = mapped();
    delete objects[shardKeyOf(paths[0]!)];
    await expect(new PointerOrigin(memoryOrigin(objects)).get(paths[0]!)).rejects.toThrow(
      new OriginUnavailable(`${shardKeyOf(paths[0]!)} is missing from the published build`),
    );
  });
});

/**
 * The worker's origins with fake fetchers and buckets: what an origin's status, headers and
 * bytes become, and how gzip and brotli bodies are read.
 */
import { describe, expect, it } from 'vitest';
import { firstLines, OriginUnavailable } from './object.ts';
import { FetcherRangeOrigin, FetcherOrigin } from './http.ts';
import { R2RangeOrigin, R2Origin, type R2Like, type R2RangeLike } from './r2.ts';

const encoder = new TextEncoder();
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Response(text).body!.pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A stream of `chunks` that records how many were read and whether it was cancelled; `open`:
 * after the chunks it waits, as a live body still arriving does.
 */
function chunked(chunks: (string | Uint8Array)[], open = false) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[state.pulled++];
      if (chunk === undefined && open) return new Promise<void>(() => {});
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function fetcherOf(answer: (url: string) => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  return {
    calls,
    fetch: async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return answer(url);
    },
  };
}

describe('FetcherOrigin', () => {
  it('GETs {base}/{key} asking workerd not to decode, and reads a plain answer', async () => {
    const fetcher = fetcherOf(
      () => new Response('{"a":1}\n{"a":2}\n', { headers: { etag: '"e1"', 'content-type': 'application/x-ndjson' } }),
    );
    const object = (await new FetcherOrigin(fetcher, 'https://bucket.example').get('api/v1/x.ndjson'))!;
    expect(fetcher.calls).toEqual([
      {
        url: 'https://bucket.example/api/v1/x.ndjson',
        init: { encodeResponseBody: 'manual', signal: expect.any(AbortSignal) },
      },
    ]);
    expect(object).toMatchObject({ etag: '"e1"', contentType: 'application/x-ndjson', encoding: null });
    expect(await object.text()).toBe('{"a":1}\n{"a":2}\n');
    expect(decode(await object.bytes())).toBe('{"a":1}\n{"a":2}\n');
    expect(decode(object.raw() as Uint8Array)).toBe('{"a":1}\n{"a":2}\n');
    expect(decode(await object.lines(1))).toBe('{"a":1}\n{"a":2}\n');
    expect(await new Response(object.body).text()).toBe('{"a":1}\n{"a":2}\n');
    await object.discard();
  });

  it('the base defaults to http://origin (the service binding serving dist/)', async () => {
    const fetcher = fetcherOf(() => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    await new FetcherOrigin(fetcher).get('manifest.json');
    expect(fetcher.calls[0]!.url).toBe('http://origin/manifest.json');
  });

  it('the build’s ETag travels as S3 metadata and wins over the origin’s own; JSON when the origin names no type', async () => {
    // Bytes, not a string: a Response made from a string names a text type itself.
    const both = fetcherOf(
      () => new Response(encoder.encode('{}'), { headers: { etag: '"md5"', 'x-amz-meta-etag': '"build"' } }),
    );
    expect(await new FetcherOrigin(both).get('k')).toMatchObject({
      etag: '"build"',
      contentType: 'application/json; charset=utf-8',
    });
    const none = fetcherOf(() => new Response(encoder.encode('{}')));
    expect((await new FetcherOrigin(none).get('k'))!.etag).toBe('');
  });

  it('404 is no such object, and its body is not left open', async () => {
    const { stream, state } = chunked(['<Error/>']);
    expect(await new FetcherOrigin(fetcherOf(() => new Response(stream, { status: 404 }))).get('k')).toBeNull();
    expect(state.cancelled).toBe(true);
    expect(await new FetcherOrigin(fetcherOf(() => new Response(null, { status: 404 }))).get('k')).toBeNull();
  });

  it.each([403, 500, 503, 400, 429])(
    '%i is the origin unavailable, not a missing object, and its body is not left open',
    async (status) => {
      const { stream, state } = chunked(['<Error/>']);
      const origin = new FetcherOrigin(fetcherOf(() => new Response(stream, { status })));
      const error = await origin.get('api/v1/markets.json').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OriginUnavailable);
      expect((error as Error).message).toBe(`origin answered ${status} for api/v1/markets.json`);
      expect(state.cancelled).toBe(true);
    },
  );

  it('a page of another type answered 200 for a JSON or NDJSON object is the origin failing', async () => {
    const html = fetcherOf(
      () => new Response('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(new FetcherOrigin(html).get('api/v1/markets.json')).rejects.toThrow(
      new OriginUnavailable('origin answered text/html for api/v1/markets.json, a application/json object'),
    );
    await expect(new FetcherOrigin(html).get('api/v1/_c/prices/x.ndjson')).rejects.toBeInstanceOf(OriginUnavailable);
    const untyped = fetcherOf(() => new Response(encoder.encode('{}')));
    await expect(new FetcherOrigin(untyped).get('api/v1/markets.json')).rejects.toThrow(
      'origin answered no content type for api/v1/markets.json',
    );
    // A key without an extension no object has: no type to hold it to.
    await expect(new FetcherOrigin(html).get('k')).resolves.not.toBeNull();
    const typed = fetcherOf(
      () => new Response(encoder.encode('{}'), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
    await expect(new FetcherOrigin(typed).get('api/v1/markets.json')).resolves.not.toBeNull();
  });

  it('an origin that does not answer in time, or stalls in the body, is unavailable', async () => {
    const hanging = {
      fetch: (_: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    };
    await expect(new FetcherOrigin(hanging, 'http://origin', 20).get('k')).rejects.toBeInstanceOf(OriginUnavailable);
    const { stream } = chunked(['{"a":'], true);
    const stalling = {
      fetch: async (_: string, init?: RequestInit) =>
        new Response(stream.pipeThrough(new TransformStream(), { signal: init?.signal ?? undefined })),
    };
    await expect(new FetcherOrigin(stalling, 'http://origin', 20).get('k')).rejects.toBeInstanceOf(OriginUnavailable);
  });

  it('a network error while fetching is the origin unavailable, with the key in the message', async () => {
    const failing = { fetch: async () => Promise.reject(new TypeError('fetch failed')) };
    await expect(new FetcherOrigin(failing).get('api/v1/markets.json')).rejects.toThrow(
      new OriginUnavailable('api/v1/markets.json: fetch failed'),
    );
  });

  it('a truncated gzip body is the origin failing when it is read', async () => {
    const packed = await gzip('line 1\n'.repeat(200));
    const object = (await new FetcherOrigin(fetcherOf(() => new Response(packed.slice(0, packed.length - 12)))).get(
      'k',
    ))!;
    expect(object.encoding).toBe('gzip');
    await expect(object.text()).rejects.toBeInstanceOf(OriginUnavailable);
  });

  it('gzip bytes are known by their magic, whatever the header says, and read decoded', async () => {
    const text = 'line 1\nline 2\nline 3\n';
    const packed = await gzip(text);
    const object = (await new FetcherOrigin(fetcherOf(() => new Response(packed))).get('k'))!;
    expect(object.encoding).toBe('gzip');
    expect(object.raw()).toEqual(packed);
    expect(await object.text()).toBe(text);
    expect(decode(await object.bytes())).toBe(text);
    expect(decode(await object.lines(1)).startsWith('line 1\n')).toBe(true);
    expect(await new Response(object.body).text()).toBe(text);
  });

  it('a gzip header on plain bytes (a client in between decoded them) is plain', async () => {
    const object = (await new FetcherOrigin(
      fetcherOf(() => new Response('{"ok":true}', { headers: { 'content-encoding': 'gzip' } })),
    ).get('k'))!;
    expect(object.encoding).toBeNull();
    expect(await object.text()).toBe('{"ok":true}');
  });

  it('a brotli twin is sent as stored and never decoded here', async () => {
    const bytes = new Uint8Array([0x0b, 0x02, 0x80, 0x7b, 0x7d, 0x03]);
    const object = (await new FetcherOrigin(
      fetcherOf(() => new Response(bytes, { headers: { 'content-encoding': 'br' } })),
    ).get('k.br'))!;
    expect(object.encoding).toBe('br');
    expect(object.raw()).toEqual(bytes);
    expect(() => object.body).toThrow('k.br is brotli-encoded: it is sent as stored, never decoded here');
    await expect(object.text()).rejects.toThrow('brotli-encoded');
  });
});

describe('firstLines', () => {
  it('stops reading after the chunk that holds the n-th newline and cancels the rest', async () => {
    const { stream, state } = chunked(['a\nb', '\nc\n', 'd\n', 'e\n']);
    expect(decode(await firstLines(stream, 2))).toBe('a\nb\nc\n');
    expect(state).toEqual({ pulled: 2, cancelled: true });
  });

  it('counts every newline of a chunk', async () => {
    const { stream, state } = chunked(['a\nb\nc\n', 'd\n']);
    expect(decode(await firstLines(stream, 3))).toBe('a\nb\nc\n');
    expect(state.pulled).toBe(1);
  });

  it('reads to the end when the stream has fewer lines, joining its chunks in order', async () => {
    const { stream, state } = chunked(['a\n', 'bb', '\nccc']);
    expect(decode(await firstLines(stream, 5))).toBe('a\nbb\nccc');
    expect(state.cancelled).toBe(false);
  });

  it('a single chunk is handed back as it is', async () => {
    const chunk = encoder.encode('x\ny\n');
    const { stream } = chunked([chunk]);
    expect(await firstLines(stream, 1)).toBe(chunk);
  });
});

type R2Object = NonNullable<Awaited<ReturnType<R2Like['get']>>>;

function bucketOf(objects: Record<string, Omit<R2Object, 'text'>>) {
  const asked: string[] = [];
  const bucket: R2Like = {
    get: async (key) => {
      asked.push(key);
      const o = objects[key];
      return o ? { ...o, text: () => new Response(o.body).text() } : null;
    },
  };
  return { bucket, asked };
}

describe('R2Origin', () => {
  it('a missing key is null', async () => {
    const { bucket, asked } = bucketOf({});
    expect(await new R2Origin(bucket).get('nope.json')).toBeNull();
    expect(asked).toEqual(['nope.json']);
  });

  it('a binding that does not settle in time, or fails, is the origin unavailable', async () => {
    const hanging: R2Like = { get: () => new Promise(() => {}) };
    await expect(new R2Origin(hanging, 20).get('api/v1/markets.json')).rejects.toThrow(
      new OriginUnavailable('origin did not answer within 20 ms for api/v1/markets.json'),
    );
    const failing: R2Like = { get: async () => Promise.reject(new Error('R2 overloaded')) };
    await expect(new R2Origin(failing).get('k')).rejects.toThrow(new OriginUnavailable('k: R2 overloaded'));
  });

  it('the build’s ETag comes from custom metadata, else the bucket’s own; JSON by default', async () => {
    const { bucket } = bucketOf({
      a: {
        body: chunked(['{}']).stream,
        httpEtag: '"md5"',
        customMetadata: { etag: '"build"' },
        httpMetadata: { contentType: 'text/csv' },
      },
      b: { body: chunked(['{}']).stream, httpEtag: '"md5"' },
    });
    expect(await new R2Origin(bucket).get('a')).toMatchObject({
      etag: '"build"',
      contentType: 'text/csv',
      encoding: null,
    });
    expect(await new R2Origin(bucket).get('b')).toMatchObject({
      etag: '"md5"',
      contentType: 'application/json; charset=utf-8',
      encoding: null,
    });
  });

  it('a plain object reads as stored', async () => {
    const body = chunked(['p\n', 'q\n']).stream;
    const { bucket } = bucketOf({ k: { body, httpEtag: '"e"', httpMetadata: { contentEncoding: 'deflate' } } });
    const object = (await new R2Origin(bucket).get('k'))!;
    expect(object.encoding).toBeNull();
    expect(object.raw()).toBe(body);
    expect(object.body).toBe(body);
    expect(await object.text()).toBe('p\nq\n');
  });

  it('a gzip-encoded object is decoded once, on first use of its identity', async () => {
    const text = 'r1\nr2\nr3\n';
    const { bucket } = bucketOf({
      k: { body: chunked([await gzip(text)]).stream, httpEtag: '"e"', httpMetadata: { contentEncoding: 'gzip' } },
    });
    const object = (await new R2Origin(bucket).get('k'))!;
    expect(object.encoding).toBe('gzip');
    expect(object.body).toBe(object.body);
    expect(await object.text()).toBe(text);
  });

  it('gzip bytes and lines read decoded', async () => {
    const text = 'r1\nr2\nr3\n';
    const { bucket } = bucketOf({
      a: { body: chunked([await gzip(text)]).stream, httpEtag: '"e"', httpMetadata: { contentEncoding: 'gzip' } },
      b: { body: chunked([await gzip(text)]).stream, httpEtag: '"e"', httpMetadata: { contentEncoding: 'gzip' } },
    });
    expect(decode(await (await new R2Origin(bucket).get('a'))!.bytes())).toBe(text);
    expect(decode(await (await new R2Origin(bucket).get('b'))!.lines(1)).startsWith('r1\n')).toBe(true);
  });

  it('raw() hands on the stored bytes still encoded', async () => {
    const packed = await gzip('{"x":1}');
    const { bucket } = bucketOf({
      k: { body: chunked([packed]).stream, httpEtag: '"e"', httpMetadata: { contentEncoding: 'gzip' } },
    });
    expect(new Uint8Array(await new Response((await new R2Origin(bucket).get('k'))!.raw()).arrayBuffer())).toEqual(
      packed,
    );
  });

  it('a brotli twin is never decoded here', async () => {
    const body = chunked([new Uint8Array([1, 2, 3])]).stream;
    const { bucket } = bucketOf({ 'k.br': { body, httpEtag: '"e"', httpMetadata: { contentEncoding: 'br' } } });
    const object = (await new R2Origin(bucket).get('k.br'))!;
    expect(object.encoding).toBe('br');
    expect(object.raw()).toBe(body);
    expect(() => object.body).toThrow('k.br is brotli-encoded: it is sent as stored, never decoded here');
  });

  it('discard cancels the live body, read or not', async () => {
    const unread = chunked(['{}']);
    const { bucket } = bucketOf({ k: { body: unread.stream, httpEtag: '"e"' } });
    await (await new R2Origin(bucket).get('k'))!.discard();
    expect(unread.state.cancelled).toBe(true);

    const started = chunked([await gzip('a\n')], true);
    const { bucket: other } = bucketOf({
      k: { body: started.stream, httpEtag: '"e"', httpMetadata: { contentEncoding: 'gzip' } },
    });
    const object = (await new R2Origin(other).get('k'))!;
    expect(object.body).toBeInstanceOf(ReadableStream);
    await expect(object.discard()).resolves.toBeUndefined();
    // The cancel reaches the stored stream through the decoder's pipe, a turn later.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started.state.cancelled).toBe(true);
  });
});

const bytesOf = async (stream: ReadableStream) => new Uint8Array(await new Response(stream).arrayBuffer());

describe('R2RangeOrigin', () => {
  const file = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  function bucketOf(object: { customMetadata?: Record<string, string>; contentType?: string } | null) {
    const asked: unknown[] = [];
    const bucket: R2RangeLike = {
      head: async () =>
        object && {
          size: file.length,
          httpEtag: '"r2-etag"',
          ...(object.customMetadata ? { customMetadata: object.customMetadata } : {}),
          httpMetadata: object.contentType ? { contentType: object.contentType } : {},
        },
      get: async (_key, options) => {
        asked.push(options);
        if (!object) return null;
        const span = options?.range;
        return { body: new Response(span ? file.slice(span.offset, span.offset + span.length) : file).body! };
      },
    };
    return { bucket, asked };
  }

  it('heads with the publisher’s ETag before R2’s own, and the stored type', async () => {
    const { bucket } = bucketOf({ customMetadata: { etag: '"sha"' }, contentType: 'application/vnd.apache.parquet' });
    expect(await new R2RangeOrigin(bucket).head('k')).toEqual({
      size: 10,
      etag: '"sha"',
      contentType: 'application/vnd.apache.parquet',
    });
    expect(await new R2RangeOrigin(bucketOf({}).bucket).head('k')).toEqual({
      size: 10,
      etag: '"r2-etag"',
      contentType: 'application/octet-stream',
    });
    expect(await new R2RangeOrigin(bucketOf(null).bucket).head('k')).toBeNull();
  });

  it('reads a span through the binding’s range, the whole without one', async () => {
    const { bucket, asked } = bucketOf({});
    const origin = new R2RangeOrigin(bucket);
    expect([...(await bytesOf(await origin.read('k', { offset: 2, length: 3 })))]).toEqual([2, 3, 4]);
    expect([...(await bytesOf(await origin.read('k', null)))]).toEqual([...file]);
    expect(asked).toEqual([{ range: { offset: 2, length: 3 } }, {}]);
    await expect(new R2RangeOrigin(bucketOf(null).bucket).read('k', null)).rejects.toBeInstanceOf(OriginUnavailable);
  });

  it('gives up on a bucket that does not answer in time', async () => {
    const hanging: R2RangeLike = { head: () => new Promise(() => {}), get: () => new Promise(() => {}) };
    await expect(new R2RangeOrigin(hanging, 20).head('k')).rejects.toThrow('origin did not answer within 20 ms for k');
    await expect(new R2RangeOrigin(hanging, 20).read('k', null)).rejects.toBeInstanceOf(OriginUnavailable);
  });
});

describe('FetcherRangeOrigin', () => {
  const file = new Uint8Array([10, 11, 12, 13, 14, 15]);
  type Asked = { url: string; method: string; range: string | null };
  function originOf(answer: (asked: Asked) => Response) {
    const asked: Asked[] = [];
    const fetcher = {
      fetch: async (url: string, init: RequestInit = {}) => {
        const one = { url, method: init.method ?? 'GET', range: new Headers(init.headers).get('range') };
        asked.push(one);
        return answer(one);
      },
    };
    return { fetcher, asked };
  }

  it('heads with the size, the publisher’s ETag first, and the type', async () => {
    const { fetcher, asked } = originOf(
      () =>
        new Response(null, {
          headers: { 'content-length': '6', etag: '"s3"', 'x-amz-meta-etag': '"sha"', 'content-type': 'text/csv' },
        }),
    );
    expect(await new FetcherRangeOrigin(fetcher, 'https://s3.example/b').head('snapshots/a')).toEqual({
      size: 6,
      etag: '"sha"',
      contentType: 'text/csv',
    });
    expect(asked).toEqual([{ url: 'https://s3.example/b/snapshots/a', method: 'HEAD', range: null }]);
    const plain = originOf(() => new Response(null, { headers: { 'content-length': '6', etag: '"s3"' } })).fetcher;
    expect(await new FetcherRangeOrigin(plain).head('k')).toEqual({
      size: 6,
      etag: '"s3"',
      contentType: 'application/octet-stream',
    });
  });

  it('heads: 404 is no object; another status or no size is the origin failing', async () => {
    expect(
      await new FetcherRangeOrigin(originOf(() => new Response(null, { status: 404 })).fetcher).head('k'),
    ).toBeNull();
    await expect(
      new FetcherRangeOrigin(originOf(() => new Response(null, { status: 500 })).fetcher).head('k'),
    ).rejects.toThrow('origin answered 500 for k');
    await expect(
      new FetcherRangeOrigin(originOf(() => new Response(null, { headers: { 'content-length': 'x' } })).fetcher).head(
        'k',
      ),
    ).rejects.toThrow('origin sent no size for k');
  });

  it('reads a span with Range, taking the 206; cuts a 200 whole to the span', async () => {
    const ranged = originOf(({ range }) => {
      const [a, b] = range!.replace('bytes=', '').split('-').map(Number);
      return new Response(file.slice(a, b! + 1), { status: 206 });
    });
    expect([
      ...(await bytesOf(await new FetcherRangeOrigin(ranged.fetcher).read('k', { offset: 1, length: 2 }))),
    ]).toEqual([11, 12]);
    expect(ranged.asked[0]).toMatchObject({ method: 'GET', range: 'bytes=1-2' });
    const ignoring = originOf(() => new Response(file));
    expect([
      ...(await bytesOf(await new FetcherRangeOrigin(ignoring.fetcher).read('k', { offset: 3, length: 2 }))),
    ]).toEqual([13, 14]);
    expect([...(await bytesOf(await new FetcherRangeOrigin(ignoring.fetcher).read('k', null)))]).toEqual([...file]);
    expect(ignoring.asked[1]!.range).toBeNull();
  });

  it('reads: any other status, or a 206 to a whole read, is the origin failing', async () => {
    const failing = originOf(() => new Response('no', { status: 503 })).fetcher;
    await expect(new FetcherRangeOrigin(failing).read('k', { offset: 0, length: 2 })).rejects.toThrow(
      'origin answered 503 for k (bytes=0-1)',
    );
    const partial = originOf(() => new Response(file, { status: 206 })).fetcher;
    await expect(new FetcherRangeOrigin(partial).read('k', null)).rejects.toThrow('origin answered 206 for k');
  });

  it('gives up on an origin that does not answer in time', async () => {
    const hanging = {
      fetch: (_url: string, init: RequestInit = {}) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    };
    await expect(new FetcherRangeOrigin(hanging, 'http://origin', 20).head('k')).rejects.toBeInstanceOf(
      OriginUnavailable,
    );
  });
});

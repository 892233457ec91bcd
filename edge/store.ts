/**
 * The one small interface between the worker and where the build's objects live: an R2
 * bucket binding in production, or any fetcher (a service binding serving dist/ locally, or
 * an S3-compatible origin over HTTP). Objects carry their precomputed ETag.
 */
import type { ContentCoding } from '../core/encodings.ts';
import { isGzip } from '../core/gzip.ts';
import { essence, mediaTypeOf } from '../core/media-types.ts';
import { POINTER_KEY, resolveKey, type IndexLocation, type IndexShard, type Pointer } from '../core/publication.ts';
import { withTimeout } from './timeout.ts';

/**
 * `text()`, `bytes()` and `lines(n)` read the identity body (one of them, once); `body` is the
 * same bytes as a stream. `lines(n)` stops decoding after the n-th line: a page of 50 rows is
 * at the start of a 1,000-row partition, and inflating all of it was most of a request's CPU.
 * `raw()` is the other way to read it: the bytes as stored, still in `encoding`, to send to a
 * client that accepts it (a brotli twin is only ever read that way: the runtime has no brotli decoder).
 */
export type StoredObject = {
  etag: string;
  contentType: string;
  /** the content coding of the stored bytes (what `raw()` gives); null: stored as they are */
  encoding: ContentCoding | null;
  raw(): ReadableStream | Uint8Array;
  body: ReadableStream | null;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  lines(count: number): Promise<Uint8Array>;
  /** When the body will not be read: an R2 body is a live stream to cancel, an origin's answer is already in memory. */
  discard(): Promise<void>;
};

export interface ObjectStore {
  get(key: string): Promise<StoredObject | null>;
}

/**
 * The bucket failed to give an object of the published build: it answered an error, nothing in
 * time, something that is not the object (a proxy's HTML page), bytes that do not decode, or no
 * object where the build published one. The worker answers an error (or a stale copy it kept),
 * never an empty answer in its place.
 */
export class OriginUnavailable extends Error {}

/** A published object the build always writes is missing: the publication is broken. */
export function missingFromBuild(key: string): never {
  throw new OriginUnavailable(`${key} is missing from the published build`);
}

/** How long one read of the bucket may take, headers and body (a hanging origin must not hold a request). */
export const ORIGIN_TIMEOUT_MS = 5_000;

/** A Workers fetch option (workers-types) the Node types do not know. */
const MANUAL_DECODING = { encodeResponseBody: 'manual' } as RequestInit;

/** Reading or decoding a stored body failed (truncated gzip, a reset mid-body): the origin's fault, not the request's. */
async function fromOrigin<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw error instanceof OriginUnavailable
      ? error
      : new OriginUnavailable(`${key}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The answer is the published object: the type its path has (core/media-types.ts), not an error page served with 200. */
function checkType(key: string, contentType: string | null): void {
  const expected = mediaTypeOf(key);
  if (expected && (!contentType || essence(contentType) !== essence(expected))) {
    throw new OriginUnavailable(
      `origin answered ${contentType ?? 'no content type'} for ${key}, a ${essence(expected)} object`,
    );
  }
}

/**
 * Objects over HTTP: `GET {base}/{key}` answering 200 with the object, or 404 when it does not
 * exist. Any other status (403 included: an S3 bucket answers 403 for a missing key only when its
 * reader may not list it, so a 403 means the origin refuses) is the origin failing.
 */
export class FetcherStore implements ObjectStore {
  constructor(
    private readonly fetcher: { fetch(input: string, init?: RequestInit): Promise<Response> },
    private readonly base = 'http://origin',
    private readonly timeoutMs = ORIGIN_TIMEOUT_MS,
  ) {}

  async get(key: string): Promise<StoredObject | null> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    // `manual`: workerd hands back the bytes as the origin sent them instead of decoding them.
    const response = await fromOrigin(key, () =>
      this.fetcher.fetch(`${this.base}/${key}`, { ...MANUAL_DECODING, signal }),
    );
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new OriginUnavailable(`origin answered ${response.status} for ${key}`);
    }
    checkType(key, response.headers.get('content-type'));
    const raw = new Uint8Array(await fromOrigin(key, () => response.arrayBuffer()));
    // gzip is known by its bytes, whatever the client in between did with the header (core/gzip.ts);
    // brotli has no magic bytes, so a twin is known by the header of an origin that left it encoded.
    const encoding = isGzip(raw) ? 'gzip' : response.headers.get('content-encoding') === 'br' ? 'br' : null;
    return storedFromBytes(key, raw, {
      // An S3-compatible origin answers its own ETag (an MD5); the build's travels as metadata.
      etag: response.headers.get('x-amz-meta-etag') ?? response.headers.get('etag') ?? '',
      contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
      encoding,
    });
  }
}

/** What describes a stored object besides its bytes. */
export type StoredMeta = Pick<StoredObject, 'etag' | 'contentType' | 'encoding'>;

/** An object whose stored bytes are all in memory (read from an origin, or kept by the edge cache). */
export function storedFromBytes(key: string, raw: Uint8Array, meta: StoredMeta): StoredObject {
  const { encoding } = meta;
  const identity = () => {
    if (encoding === 'br') throw new Error(`${key} is brotli-encoded: it is sent as stored, never decoded here`);
    return encoding === 'gzip'
      ? new Response(raw).body!.pipeThrough(new DecompressionStream('gzip'))
      : new Response(raw).body!;
  };
  const bytes = async () => (encoding ? new Uint8Array(await new Response(identity()).arrayBuffer()) : raw);
  return {
    ...meta,
    raw: () => raw,
    get body() {
      return identity();
    },
    text: () => fromOrigin(key, async () => new TextDecoder().decode(await bytes())),
    bytes: () => fromOrigin(key, bytes),
    lines: (count) => fromOrigin(key, async () => (encoding ? firstLines(identity(), count) : raw)),
    discard: async () => {},
  };
}

/** The stream's bytes up to and including its `count`-th newline (all of it when it has fewer); the rest is not read. */
export async function firstLines(stream: ReadableStream<Uint8Array>, count: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    for (let at = value.indexOf(0x0a); at !== -1 && seen < count; at = value.indexOf(0x0a, at + 1)) seen++;
    if (seen >= count) {
      await reader.cancel();
      break;
    }
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The part of an R2 binding the store reads (the runtime's R2Bucket satisfies it). */
export type R2Like = {
  get(key: string): Promise<{
    body: ReadableStream;
    httpEtag: string;
    customMetadata?: Record<string, string>;
    httpMetadata?: { contentType?: string; contentEncoding?: string };
    text(): Promise<string>;
  } | null>;
};

/**
 * Objects in an R2 bucket; the build's ETag travels as custom metadata (R2's own is an MD5).
 * The publisher stores text objects gzip-encoded; a binding hands back the stored bytes, so
 * they are decoded here (public bucket URLs decode them for clients that do not accept gzip).
 */
export class R2Store implements ObjectStore {
  constructor(
    private readonly bucket: R2Like,
    private readonly timeoutMs = ORIGIN_TIMEOUT_MS,
  ) {}

  async get(key: string): Promise<StoredObject | null> {
    const object = await fromOrigin(key, () =>
      withTimeout(
        this.bucket.get(key),
        this.timeoutMs,
        () => new OriginUnavailable(`origin did not answer within ${this.timeoutMs} ms for ${key}`),
      ),
    );
    if (!object) return null;
    const stored = object.httpMetadata?.contentEncoding;
    const encoding = stored === 'gzip' || stored === 'br' ? stored : null;
    // The stored stream is read once: decoded on first use of the identity, or handed on by raw().
    let identity: ReadableStream | null = null;
    const decoded = (): ReadableStream => {
      if (encoding === 'br') throw new Error(`${key} is brotli-encoded: it is sent as stored, never decoded here`);
      return (identity ??=
        encoding === 'gzip' ? object.body.pipeThrough(new DecompressionStream('gzip')) : object.body);
    };
    return {
      etag: object.customMetadata?.etag ?? object.httpEtag,
      contentType: object.httpMetadata?.contentType ?? 'application/json; charset=utf-8',
      encoding,
      raw: () => object.body,
      get body() {
        return decoded();
      },
      text: () => fromOrigin(key, () => new Response(decoded()).text()),
      bytes: () => fromOrigin(key, async () => new Uint8Array(await new Response(decoded()).arrayBuffer())),
      lines: (count) => fromOrigin(key, () => firstLines(decoded(), count)),
      discard: () => (identity ?? object.body).cancel(),
    };
  }
}

/** `length` bytes of a stored object from `offset`. */
export type ByteSpan = { offset: number; length: number };

/** What answering a range request needs before any byte is read. */
export type ObjectHead = { size: number; etag: string; contentType: string };

/**
 * Objects read in parts: the snapshot files researchers query in place (edge/routes/snapshot-files.ts).
 * Their keys are named by their content, so `head` and a later `read` of one key see the same bytes.
 */
export interface RangeStore {
  head(key: string): Promise<ObjectHead | null>;
  /** the stored bytes of `span`, or all of them (null); the object is known to exist (head) */
  read(key: string, span: ByteSpan | null): Promise<ReadableStream>;
}

/** The part of an R2 binding a ranged read uses (the runtime's R2Bucket satisfies it). */
export type R2RangeLike = {
  head(key: string): Promise<{
    size: number;
    httpEtag: string;
    customMetadata?: Record<string, string>;
    httpMetadata?: { contentType?: string };
  } | null>;
  get(key: string, options?: { range?: ByteSpan }): Promise<{ body: ReadableStream } | null>;
};

/** Ranged reads of an R2 bucket: the binding reads the span itself. */
export class R2RangeStore implements RangeStore {
  constructor(
    private readonly bucket: R2RangeLike,
    private readonly timeoutMs = ORIGIN_TIMEOUT_MS,
  ) {}

  async head(key: string): Promise<ObjectHead | null> {
    const object = await this.timed(key, () => this.bucket.head(key));
    if (!object) return null;
    return {
      size: object.size,
      etag: object.customMetadata?.etag ?? object.httpEtag,
      contentType: object.httpMetadata?.contentType ?? OCTET_STREAM,
    };
  }

  async read(key: string, span: ByteSpan | null): Promise<ReadableStream> {
    const object = await this.timed(key, () => this.bucket.get(key, span ? { range: span } : {}));
    return object ? object.body : missingFromBuild(key);
  }

  private timed<T>(key: string, read: () => Promise<T>): Promise<T> {
    return fromOrigin(key, () =>
      withTimeout(
        read(),
        this.timeoutMs,
        () => new OriginUnavailable(`origin did not answer within ${this.timeoutMs} ms for ${key}`),
      ),
    );
  }
}

const OCTET_STREAM = 'application/octet-stream';

/**
 * Ranged reads over HTTP (an S3-compatible origin): `HEAD` for the size, `GET` with `Range` for the
 * span, answered 206. An origin that ignores `Range` (200, the whole object) is cut to the span here,
 * so the client still gets exactly what it asked for.
 */
export class FetcherRangeStore implements RangeStore {
  constructor(
    private readonly fetcher: { fetch(input: string, init?: RequestInit): Promise<Response> },
    private readonly base = 'http://origin',
    private readonly timeoutMs = ORIGIN_TIMEOUT_MS,
  ) {}

  async head(key: string): Promise<ObjectHead | null> {
    const response = await this.ask(key, 'HEAD', {});
    if (response.status === 404) return null;
    if (!response.ok) throw new OriginUnavailable(`origin answered ${response.status} for ${key}`);
    const size = Number(response.headers.get('content-length'));
    if (!Number.isSafeInteger(size) || size < 0) throw new OriginUnavailable(`origin sent no size for ${key}`);
    return {
      size,
      etag: response.headers.get('x-amz-meta-etag') ?? response.headers.get('etag') ?? '',
      contentType: response.headers.get('content-type') ?? OCTET_STREAM,
    };
  }

  async read(key: string, span: ByteSpan | null): Promise<ReadableStream> {
    const range = span ? `bytes=${span.offset}-${span.offset + span.length - 1}` : null;
    const response = await this.ask(key, 'GET', range ? { range } : {});
    if (span && response.status === 206) return response.body!;
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new OriginUnavailable(`origin answered ${response.status} for ${key}${range ? ` (${range})` : ''}`);
    }
    if (!span) return response.body!;
    const whole = new Uint8Array(await fromOrigin(key, () => response.arrayBuffer()));
    return new Response(whole.subarray(span.offset, span.offset + span.length)).body!;
  }

  /** The timeout bounds the wait for the origin's answer; a file's body then streams at the client's pace. */
  private async ask(key: string, method: string, headers: Record<string, string>): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new OriginUnavailable(`origin did not answer within ${this.timeoutMs} ms for ${key}`)),
      this.timeoutMs,
    );
    try {
      return await fromOrigin(key, () =>
        this.fetcher.fetch(`${this.base}/${key}`, { ...MANUAL_DECODING, method, headers, signal: controller.signal }),
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

export function parsePointer(text: string): Pointer {
  const value = JSON.parse(text) as Partial<Pointer> & { index?: Partial<IndexLocation> };
  const ok =
    (value.format === 1 ||
      (value.format === 2 &&
        typeof value.index?.prefix === 'string' &&
        value.index.prefix.endsWith('/') &&
        Number.isInteger(value.index.shards) &&
        value.index.shards! > 0)) &&
    typeof value.prefix === 'string' &&
    value.prefix.endsWith('/') &&
    typeof value.shared?.prefix === 'string' &&
    Array.isArray(value.shared.paths) &&
    typeof value.buildId === 'string';
  if (!ok) throw new OriginUnavailable('the pointer object is not a publication pointer (format 1 or 2)');
  return value as Pointer;
}

/** How many index shards an isolate keeps parsed: a shard of a national build is some 50 KB of JSON. */
export const SHARDS_KEPT = 128;

/**
 * Shared by the stores of one isolate, so the pointer is read once a minute, not per request,
 * and an index shard once per build (it never changes: its key is under the build's prefix).
 * `shards` holds the newest used last; the least recently used goes beyond SHARDS_KEPT.
 */
export type PointerCache = { pointer: Pointer | null; at: number; shards?: Map<string, Promise<IndexShard>> };

/**
 * Reads through the pointer: one request sees one build (the pointer is resolved once per
 * store, and the worker makes one store per request), so a switch never mixes two builds in an
 * answer. A missing pointer means nothing is published yet: the origin is unavailable. A path
 * resolves through the build's index (core/publication.ts `resolveKey`); a path the index lacks
 * is absent, as a missing object is.
 */
export class PointerStore implements ObjectStore {
  private resolved: Promise<Pointer> | null = null;
  private readonly shards: Map<string, Promise<IndexShard>>;

  constructor(
    private readonly inner: ObjectStore,
    private readonly options: { key?: string; cache?: PointerCache; maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.shards = options.cache ? (options.cache.shards ??= new Map()) : new Map();
  }

  pointer(): Promise<Pointer> {
    this.resolved ??= this.read();
    return this.resolved;
  }

  async get(path: string): Promise<StoredObject | null> {
    const key = await resolveKey(await this.pointer(), path, (shard) => this.shard(shard));
    return key === null ? null : this.inner.get(key);
  }

  private shard(key: string): Promise<IndexShard> {
    let shard = this.shards.get(key);
    if (shard) this.shards.delete(key);
    else {
      shard = this.readShard(key);
      // A failed read is not kept: the next request tries again.
      shard.catch(() => this.shards.get(key) === shard && this.shards.delete(key));
    }
    this.shards.set(key, shard);
    for (const oldest of this.shards.keys()) {
      if (this.shards.size <= SHARDS_KEPT) break;
      this.shards.delete(oldest);
    }
    return shard;
  }

  private async readShard(key: string): Promise<IndexShard> {
    const object = await this.inner.get(key);
    if (!object) return missingFromBuild(key);
    return fromOrigin(key, async () => JSON.parse(await object.text()) as IndexShard);
  }

  private async read(): Promise<Pointer> {
    const { cache, maxAgeMs = 60_000, now = Date.now, key = POINTER_KEY } = this.options;
    if (cache?.pointer && now() - cache.at < maxAgeMs) return cache.pointer;
    const object = await this.inner.get(key);
    if (!object) throw new OriginUnavailable(`no build is published: ${key} is missing`);
    const pointer = parsePointer(await object.text());
    if (cache) Object.assign(cache, { pointer, at: now() });
    return pointer;
  }
}

/**
 * The one small interface between the worker and where the build's objects live, its origin: an R2
 * bucket binding in production (edge/origin/r2.ts), or any fetcher (a service binding serving dist/
 * locally, or an S3-compatible origin over HTTP: edge/origin/http.ts). Objects carry their
 * precomputed ETag.
 */
import type { ContentCoding } from '../../core/encodings.ts';

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

export interface Origin {
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

/** Reading or decoding a stored body failed (truncated gzip, a reset mid-body): the origin's fault, not the request's. */
export async function fromOrigin<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw error instanceof OriginUnavailable
      ? error
      : new OriginUnavailable(`${key}: ${error instanceof Error ? error.message : String(error)}`);
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

/** `length` bytes of a stored object from `offset`. */
export type ByteSpan = { offset: number; length: number };

/** What answering a range request needs before any byte is read. */
export type ObjectHead = { size: number; etag: string; contentType: string };

/**
 * Objects read in parts: the snapshot files researchers query in place (edge/routes/snapshot-files.ts).
 * Their keys are named by their content, so `head` and a later `read` of one key see the same bytes.
 */
export interface RangeOrigin {
  head(key: string): Promise<ObjectHead | null>;
  /** the stored bytes of `span`, or all of them (null); the object is known to exist (head) */
  read(key: string, span: ByteSpan | null): Promise<ReadableStream>;
}

export const OCTET_STREAM = 'application/octet-stream';

/** Objects in an R2 bucket through its binding: production's origin. */
import { withTimeout } from '../runtime/timeout.ts';
import {
  firstLines,
  fromOrigin,
  missingFromBuild,
  OCTET_STREAM,
  ORIGIN_TIMEOUT_MS,
  OriginUnavailable,
  type ByteSpan,
  type ObjectHead,
  type Origin,
  type RangeOrigin,
  type StoredObject,
} from './object.ts';

/** The part of an R2 binding the origin reads (the runtime's R2Bucket satisfies it). */
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
export class R2Origin implements Origin {
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
export class R2RangeOrigin implements RangeOrigin {
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

/** Objects over HTTP: a service binding serving dist/ locally, or an S3-compatible origin. */
import { isGzip } from '../../core/gzip.ts';
import { essence, mediaTypeOf } from '../../core/media-types.ts';
import {
  fromOrigin,
  OCTET_STREAM,
  ORIGIN_TIMEOUT_MS,
  OriginUnavailable,
  storedFromBytes,
  type ByteSpan,
  type ObjectHead,
  type Origin,
  type RangeOrigin,
  type StoredObject,
} from './object.ts';

/** A Workers fetch option (workers-types) the Node types do not know. */
const MANUAL_DECODING = { encodeResponseBody: 'manual' } as RequestInit;

/** The answer is the published object: the type its path has (core/media-types.ts), not an error page served with 200. */
function checkType(key: string, contentType: string | null): void {
  const expected = mediaTypeOf(key);
  if (expected && (!contentType || essence(contentType) !== essence(expected))) {
    throw new OriginUnavailable(
      `origin answered ${contentType ?? 'no content type'} for ${key}, a ${essence(expected)} object`,
    );
  }
}

/** The build's ETag of an answer: an S3-compatible origin answers its own (an MD5), the build's travels as metadata. */
const builtEtag = (headers: Headers): string => headers.get('x-amz-meta-etag') ?? headers.get('etag') ?? '';

/**
 * Objects over HTTP: `GET {base}/{key}` answering 200 with the object, or 404 when it does not
 * exist. Any other status (403 included: an S3 bucket answers 403 for a missing key only when its
 * reader may not list it, so a 403 means the origin refuses) is the origin failing.
 */
export class FetcherOrigin implements Origin {
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
      etag: builtEtag(response.headers),
      contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
      encoding,
    });
  }
}

/**
 * Ranged reads over HTTP (an S3-compatible origin): `HEAD` for the size, `GET` with `Range` for the
 * span, answered 206. An origin that ignores `Range` (200, the whole object) is cut to the span here,
 * so the client still gets exactly what it asked for.
 */
export class FetcherRangeOrigin implements RangeOrigin {
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
      etag: builtEtag(response.headers),
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

/**
 * The one small interface between the worker and where the build's objects live: an R2
 * bucket binding in production, or any fetcher (a service binding serving dist/ locally, or
 * an S3-compatible origin over HTTP). Objects carry their precomputed ETag.
 */
export type StoredObject = { etag: string; contentType: string; body: ReadableStream | null; text(): Promise<string> };

export interface ObjectStore {
  get(key: string): Promise<StoredObject | null>;
}

export class OriginUnavailable extends Error {}

/** Objects over HTTP: `GET {base}/{key}` answering 200 with an `etag` header, or 404. */
export class FetcherStore implements ObjectStore {
  constructor(
    private readonly fetcher: { fetch(input: RequestInfo, init?: RequestInit): Promise<Response> },
    private readonly base = 'http://origin',
  ) {}

  async get(key: string): Promise<StoredObject | null> {
    const response = await this.fetcher.fetch(`${this.base}/${key}`);
    if (response.status === 404 || response.status === 403) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new OriginUnavailable(`origin answered ${response.status} for ${key}`);
    return {
      etag: response.headers.get('etag') ?? '',
      contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
      body: response.body,
      text: () => response.text(),
    };
  }
}

/** Objects in an R2 bucket; the build's ETag travels as custom metadata (R2's own is an MD5). */
export class R2Store implements ObjectStore {
  constructor(private readonly bucket: R2Bucket) {}

  async get(key: string): Promise<StoredObject | null> {
    const object = await this.bucket.get(key);
    if (!object) return null;
    return {
      etag: object.customMetadata?.etag ?? object.httpEtag,
      contentType: object.httpMetadata?.contentType ?? 'application/json; charset=utf-8',
      body: object.body,
      text: () => object.text(),
    };
  }
}

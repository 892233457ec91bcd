/**
 * The bucket, over the S3 protocol (@aws-sdk/client-s3): any S3-compatible endpoint (R2, S3,
 * MinIO, s3rver in tests), configured by environment. Every call is retried with backoff on
 * network errors, 5xx, 408 and 429 (never on other 4xx), and counted for the summary.
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { isGzip } from '../core/gzip.ts';
import { limiter } from './pool.ts';

export type BucketConfig = {
  endpoint?: string;
  region: string;
  bucket: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

/** HAL_S3_ENDPOINT, HAL_S3_REGION (default auto), HAL_S3_BUCKET, HAL_S3_ACCESS_KEY_ID, HAL_S3_SECRET_ACCESS_KEY. */
export function bucketConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BucketConfig {
  const bucket = env.HAL_S3_BUCKET;
  if (!bucket)
    throw new Error(
      'HAL_S3_BUCKET is not set (see docs/publishing.md: HAL_S3_ENDPOINT, HAL_S3_BUCKET, HAL_S3_ACCESS_KEY_ID, HAL_S3_SECRET_ACCESS_KEY)',
    );
  const accessKeyId = env.HAL_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.HAL_S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('set both HAL_S3_ACCESS_KEY_ID and HAL_S3_SECRET_ACCESS_KEY, or neither (the AWS default chain)');
  const endpoint = env.HAL_S3_ENDPOINT || undefined;
  return {
    endpoint,
    region: env.HAL_S3_REGION || 'auto',
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.HAL_S3_FORCE_PATH_STYLE ? env.HAL_S3_FORCE_PATH_STYLE === '1' : Boolean(endpoint),
  };
}

export function s3Client(config: BucketConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // SDK ≥ 3.729 adds checksum trailers many S3-compatible servers reject (DESIGN.md, Known traps).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Retries are ours (Bucket.retry), so attempts and their count are in one place.
    maxAttempts: 1,
    requestHandler: {
      connectionTimeout: 10_000,
      requestTimeout: 120_000,
      httpAgent: { maxSockets: SOCKETS },
      httpsAgent: { maxSockets: SOCKETS },
    },
  });
}

/**
 * Connections to the bucket, and requests a Bucket has in flight. The SDK's connection timeout
 * runs while a request waits in the agent for a free socket: more requests than sockets at once
 * (3,300 HEADs on a loaded machine) time out without a connection ever being tried, so a Bucket
 * lets a request start only when a socket is free for it.
 */
const SOCKETS = 50;

export type PutInput = {
  key: string;
  body: Uint8Array;
  contentType: string;
  cacheControl: string;
  contentEncoding: string | null;
  metadata: Record<string, string>;
};
/** `md5` is the S3 ETag without quotes: the MD5 of the stored bytes for a single-part upload. */
export type Head = {
  md5: string;
  size: number;
  metadata: Record<string, string>;
  contentType: string | null;
  contentEncoding: string | null;
  cacheControl: string | null;
};
export type Listed = { key: string; md5: string; size: number; lastModified: Date | null };

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const unquote = (etag: string | undefined): string => (etag ?? '').replace(/^W\//, '').replace(/"/g, '');
type StoredBytes = { stored: Uint8Array; encoding: string | null; metadata: Record<string, string> };

/** An object's identity bytes: decoded when stored gzip-encoded and still encoded (a client may have decoded them). */
export function identityOf(object: StoredBytes | null): { bytes: Uint8Array; metadata: Record<string, string> } | null {
  if (!object) return null;
  const { stored, encoding, metadata } = object;
  return { bytes: encoding === 'gzip' && isGzip(stored) ? gunzipSync(stored) : stored, metadata };
}

export const md5Hex = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return true; // no answer at all: network, timeout, connection reset
  return status >= 500 || status === 408 || status === 429;
}

/** What the publisher asks of a bucket: an S3-compatible endpoint (Bucket), or an R2 binding under workerd locally. */
export type ObjectBucket = Pick<
  Bucket,
  'stats' | 'put' | 'copy' | 'head' | 'get' | 'getStored' | 'getJson' | 'list' | 'delete'
>;

export class Bucket {
  readonly stats = { requests: 0, retries: 0 };
  private readonly inFlight = limiter(SOCKETS);

  constructor(
    readonly client: S3Client,
    readonly name: string,
    readonly retry: { attempts: number; baseMs: number } = { attempts: 5, baseMs: 250 },
  ) {}

  static fromConfig(config: BucketConfig): Bucket {
    return new Bucket(s3Client(config), config.bucket);
  }

  async put(input: PutInput): Promise<string> {
    const md5 = createHash('md5').update(input.body);
    const answer = await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.name,
          Key: input.key,
          Body: input.body,
          ContentLength: input.body.byteLength,
          // The server checks the bytes it received against this digest and refuses a torn upload.
          ContentMD5: md5.copy().digest('base64'),
          ContentType: input.contentType,
          CacheControl: input.cacheControl,
          ContentEncoding: input.contentEncoding ?? undefined,
          Metadata: input.metadata,
        }),
      ),
    );
    return unquote(answer.ETag);
  }

  /** A server-side copy: no bytes leave the machine. Metadata and encoding travel with the object. */
  async copy(from: string, to: string): Promise<void> {
    const source = `${this.name}/${from.split('/').map(encodeURIComponent).join('/')}`;
    await this.call(() =>
      this.client.send(
        new CopyObjectCommand({ Bucket: this.name, Key: to, CopySource: source, MetadataDirective: 'COPY' }),
      ),
    );
  }

  async head(key: string): Promise<Head | null> {
    try {
      const h = await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key })));
      return {
        md5: unquote(h.ETag),
        size: h.ContentLength ?? 0,
        metadata: h.Metadata ?? {},
        contentType: h.ContentType ?? null,
        contentEncoding: h.ContentEncoding ?? null,
        cacheControl: h.CacheControl ?? null,
      };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /** The stored bytes, decoded when they were stored gzip-encoded; null when absent. */
  async get(key: string): Promise<{ bytes: Uint8Array; metadata: Record<string, string> } | null> {
    return identityOf(await this.getStored(key));
  }

  /** The bytes as stored (gzip-encoded ones as they are, unless the HTTP client decoded them); null when absent. */
  async getStored(
    key: string,
  ): Promise<{ stored: Uint8Array; encoding: string | null; metadata: Record<string, string> } | null> {
    try {
      return await this.call(async () => {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.name, Key: key }));
        return {
          stored: await answer.Body!.transformToByteArray(),
          encoding: answer.ContentEncoding ?? null,
          metadata: answer.Metadata ?? {},
        };
      });
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async getJson<T>(key: string): Promise<T | null> {
    const object = await this.get(key);
    return object ? (JSON.parse(Buffer.from(object.bytes).toString('utf8')) as T) : null;
  }

  /**
   * Every object under `prefix`. ListObjects (v1) with markers works on every S3-compatible
   * server; V2's continuation tokens do not (s3rver encrypts them with DES, gone from OpenSSL 3).
   */
  async list(prefix: string): Promise<{ objects: Listed[] }> {
    const objects: Listed[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.call(() =>
        this.client.send(new ListObjectsCommand({ Bucket: this.name, Prefix: prefix, Marker: marker })),
      );
      for (const o of page.Contents ?? [])
        objects.push({ key: o.Key!, md5: unquote(o.ETag), size: o.Size ?? 0, lastModified: o.LastModified ?? null });
      const last = page.Contents?.at(-1)?.Key;
      if (!page.IsTruncated || !last) break;
      marker = page.NextMarker ?? last;
    }
    return { objects };
  }

  /** Deletes in batches of 1000 (the protocol's limit); returns how many were deleted. */
  async delete(keys: readonly string[]): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const answer = await this.call(() =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.name,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: false },
          }),
        ),
      );
      if (answer.Errors?.length)
        throw new Error(
          `delete failed for ${answer.Errors.length} objects, e.g. ${answer.Errors[0]!.Key}: ${answer.Errors[0]!.Message}`,
        );
      deleted += batch.length;
    }
    return deleted;
  }

  /** One request with retries: backoff base·2^attempt with jitter, waiting without holding a socket. */
  protected async call<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      this.stats.requests++;
      try {
        return await this.inFlight(fn);
      } catch (error) {
        if (statusOf(error) === 404 || attempt >= this.retry.attempts || !isRetryable(error)) throw error;
        this.stats.retries++;
        const delay = this.retry.baseMs * 2 ** (attempt - 1);
        await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * delay));
      }
    }
  }
}

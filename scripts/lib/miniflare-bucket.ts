/**
 * The local bucket: miniflare's R2, the same binding the worker reads in production, seen from
 * Node as the publisher's ObjectBucket. `npm start`, the tests and the benches publish the build
 * into it with the real publisher (publish/release.ts), so the worker reads the production layout
 * (pointer, builds, shared partitions) through the production code path (edge/origin/r2.ts R2Origin).
 */
import type { Miniflare } from 'miniflare';
import { identityOf, type Head, type Listed, type ObjectBucket, type PutInput } from '../../publish/bucket.ts';

type R2Binding = Awaited<ReturnType<Miniflare['getR2Bucket']>>;
/** scripts/lib/bucket-worker.js, bound to the same bucket: puts and heads in batches. */
type Loader = Awaited<ReturnType<Miniflare['getWorker']>>;

/** Puts or heads sent to the loader in one request. */
const BATCH = 64;

/**
 * Calls made in the same turn go out together, `size` at most to a request: the publisher keeps
 * many objects in flight, and each round trip into workerd costs more than the object's own write.
 */
function batched<I, O>(send: (items: I[]) => Promise<O[]>, size = BATCH): (item: I) => Promise<O> {
  let queue: { item: I; resolve(o: O): void; reject(e: unknown): void }[] = [];
  const flush = () => {
    const taken = queue;
    queue = [];
    send(taken.map((q) => q.item)).then(
      (answers) => taken.forEach((q, i) => q.resolve(answers[i]!)),
      (error) => taken.forEach((q) => q.reject(error)),
    );
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (queue.length >= size) flush();
      else if (queue.length === 1) setImmediate(() => queue.length && flush());
    });
}

/** R2 deletes at most 1,000 keys a call, as S3 does. */
const DELETE_BATCH = 1000;

/**
 * A plain Uint8Array of its own: miniflare's proxy refuses a Node Buffer (a subclass, often a view
 * into a shared pool).
 */
const owned = (bytes: Uint8Array): Uint8Array =>
  bytes.constructor === Uint8Array && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

export class MiniflareBucket implements ObjectBucket {
  readonly stats = { requests: 0, retries: 0 };

  private readonly putOne: (input: PutInput) => Promise<string>;
  private readonly headOne: (key: string) => Promise<Head | null>;

  constructor(
    private readonly r2: R2Binding,
    loader: Loader,
  ) {
    const call = async <T>(path: string, body: FormData | string): Promise<T[]> => {
      // Encoded here by Node's own fetch classes (miniflare bundles another undici).
      const encoded = new Response(body);
      const answer = await loader.fetch(`http://loader${path}`, {
        method: 'POST',
        body: new Uint8Array(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type') ?? 'application/json' },
      });
      if (!answer.ok) throw new Error(`local bucket ${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T[];
    };
    this.putOne = batched((inputs: PutInput[]) => {
      const form = new FormData();
      const entries = inputs.map((input, i) => {
        form.set(String(i), new Blob([owned(input.body)]));
        return {
          key: input.key,
          httpMetadata: {
            contentType: input.contentType,
            cacheControl: input.cacheControl,
            ...(input.contentEncoding ? { contentEncoding: input.contentEncoding } : {}),
          },
          customMetadata: input.metadata,
        };
      });
      form.set('entries', JSON.stringify(entries));
      return call<string>('/put', form);
    });
    this.headOne = batched((keys: string[]) => call<Head | null>('/head', JSON.stringify(keys)));
  }

  put(input: PutInput): Promise<string> {
    this.stats.requests++;
    return this.putOne(input);
  }

  /** R2 bindings have no server-side copy: the bytes go through this process, metadata with them. */
  async copy(from: string, to: string): Promise<void> {
    this.stats.requests++;
    const source = await this.r2.get(from);
    if (!source) throw Object.assign(new Error(`${from} is missing`), { $metadata: { httpStatusCode: 404 } });
    const body = new Uint8Array(await source.arrayBuffer());
    this.stats.requests++;
    await this.r2.put(to, body, { httpMetadata: source.httpMetadata, customMetadata: source.customMetadata });
  }

  head(key: string): Promise<Head | null> {
    this.stats.requests++;
    return this.headOne(key);
  }

  async get(key: string): Promise<{ bytes: Uint8Array; metadata: Record<string, string> } | null> {
    return identityOf(await this.getStored(key));
  }

  async getStored(
    key: string,
  ): Promise<{ stored: Uint8Array; encoding: string | null; metadata: Record<string, string> } | null> {
    this.stats.requests++;
    const object = await this.r2.get(key);
    if (!object) return null;
    return {
      stored: new Uint8Array(await object.arrayBuffer()),
      encoding: object.httpMetadata?.contentEncoding ?? null,
      metadata: object.customMetadata ?? {},
    };
  }

  async getJson<T>(key: string): Promise<T | null> {
    const object = await this.get(key);
    return object ? (JSON.parse(new TextDecoder().decode(object.bytes)) as T) : null;
  }

  async list(prefix: string): Promise<{ objects: Listed[] }> {
    const objects: Listed[] = [];
    let cursor: string | undefined;
    do {
      this.stats.requests++;
      const page = await this.r2.list({ prefix, ...(cursor ? { cursor } : {}) });
      for (const o of page.objects) objects.push({ key: o.key, md5: o.etag, size: o.size, lastModified: o.uploaded });
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return { objects };
  }

  async delete(keys: readonly string[]): Promise<number> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      this.stats.requests++;
      await this.r2.delete(keys.slice(i, i + DELETE_BATCH));
    }
    return keys.length;
  }
}

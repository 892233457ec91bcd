/**
 * The local bucket: miniflare's R2, the same binding the worker reads in production, seen from
 * Node as the publisher's ObjectBucket. `npm start`, the tests, the benches and the replay publish
 * the build into it with the real publisher (publish/release.ts), so the worker reads the production
 * layout (pointer, builds, shared partitions) through the production code path (edge/origin/r2.ts
 * R2Origin). Every call goes through the bucket's door (scripts/lib/bucket-worker.js): in this process
 * (`MiniflareBucket.of`), or over its socket from another one (`MiniflareBucket.at`).
 */
import type { Miniflare } from 'miniflare';
import { identityOf, type Head, type Listed, type ObjectBucket, type PutInput } from '../../publish/bucket.ts';

/** What answers the door's requests: miniflare's handle on the worker, or `fetch` to its socket. */
type Door = {
  fetch(url: string, init: { method?: string; body?: Uint8Array; headers?: Record<string, string> }): Promise<Response>;
};

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

/** How often a request is sent when its connection fails (every door request can be repeated). */
const ATTEMPTS = 3;

export class MiniflareBucket implements ObjectBucket {
  readonly stats = { requests: 0, retries: 0 };

  private readonly putOne: (input: PutInput) => Promise<string>;
  private readonly headOne: (key: string) => Promise<Head | null>;

  /** The bucket of a worker started in this process (scripts/lib/local-worker.ts). */
  static async of(mf: Miniflare): Promise<MiniflareBucket> {
    return new MiniflareBucket(await mf.getWorker('loader'), 'http://loader');
  }

  /** The bucket behind a door's socket, from any process. */
  static at(url: URL | string): MiniflareBucket {
    return new MiniflareBucket({ fetch: (input, init) => fetch(input, init) }, String(url).replace(/\/$/, ''));
  }

  private constructor(
    private readonly door: Door,
    private readonly base: string,
  ) {
    const call = async <T>(path: string, body: FormData | string): Promise<T[]> => {
      // Encoded here by Node's own fetch classes (miniflare bundles another undici).
      const encoded = new Response(body);
      const answer = await this.send(path, {
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

  /**
   * One request to the door, sent again when its connection fails: workerd closes a kept-alive socket
   * it holds idle, and the client may have sent on it just then.
   */
  private async send(path: string, init: Parameters<Door['fetch']>[1]): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.door.fetch(`${this.base}${path}`, init);
      } catch (error) {
        if (!(error instanceof TypeError) || attempt >= ATTEMPTS) throw error;
        this.stats.retries++;
      }
    }
  }

  private async ask(path: string, body: unknown): Promise<Response> {
    this.stats.requests++;
    const answer = await this.send(path, {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify(body)),
      headers: { 'content-type': 'application/json' },
    });
    if (!answer.ok && answer.status !== 404)
      throw new Error(`local bucket ${path}: ${answer.status} ${await answer.text()}`);
    return answer;
  }

  put(input: PutInput): Promise<string> {
    this.stats.requests++;
    return this.putOne(input);
  }

  async copy(from: string, to: string): Promise<void> {
    const answer = await this.ask('/copy', { from, to });
    if (answer.status === 404)
      throw Object.assign(new Error(`${from} is missing`), { $metadata: { httpStatusCode: 404 } });
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
    const answer = await this.send(`/${encodeURIComponent(key)}`, {});
    const bytes = new Uint8Array(await answer.arrayBuffer());
    if (answer.status === 404) return null;
    if (!answer.ok) throw new Error(`local bucket GET ${key}: ${answer.status}`);
    return {
      stored: bytes,
      encoding: answer.headers.get('x-stored-encoding') || null,
      metadata: JSON.parse(answer.headers.get('x-stored-metadata') ?? '{}') as Record<string, string>,
    };
  }

  async getJson<T>(key: string): Promise<T | null> {
    const object = await this.get(key);
    return object ? (JSON.parse(new TextDecoder().decode(object.bytes)) as T) : null;
  }

  async list(prefix: string): Promise<{ objects: Listed[] }> {
    const objects: Listed[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (await this.ask('/list', { prefix, cursor })).json()) as {
        objects: (Omit<Listed, 'lastModified'> & { lastModified: string })[];
        cursor: string | null;
      };
      for (const o of page.objects) objects.push({ ...o, lastModified: new Date(o.lastModified) });
      cursor = page.cursor;
    } while (cursor);
    return { objects };
  }

  async delete(keys: readonly string[]): Promise<number> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) await this.ask('/delete', keys.slice(i, i + DELETE_BATCH));
    return keys.length;
  }
}

/**
 * The local bucket over HTTP, through the local worker's bucket reader (scripts/lib/bucket-reader.js):
 * reads, listings and copies. Two uses. The build fetches what it lacks of the previous build in a
 * child process (build/incremental/previous.ts), which cannot reach the replay's miniflare. And the
 * replay's own reads: miniflare's proxy of an R2 object answers its properties through a
 * synchronous channel that, on a busy machine, now and then fails an assertion of its own
 * (`SynchronousFetcher`), so the replay reads objects here and sends puts and heads through the
 * loader as the publisher always does (scripts/lib/miniflare-bucket.ts).
 */
import { fileURLToPath } from 'node:url';
import type { FetchMissing } from '../../build/incremental/previous.ts';
import { identityOf, type Listed, type ObjectBucket } from '../../publish/bucket.ts';

const readOnly = async (): Promise<never> => {
  throw new Error('the bucket reader only reads');
};

export class BucketReader implements ObjectBucket {
  readonly stats = { requests: 0, retries: 0 };
  readonly put = readOnly;
  readonly head = readOnly;
  readonly delete = readOnly;
  private readonly base: string;

  constructor(url: string) {
    this.base = url.endsWith('/') ? url : `${url}/`;
  }

  /**
   * One request, read whole, sent again when the connection fails: workerd closes a kept-alive socket it
   * holds idle, and the client may have sent on it just then (every request here can be repeated).
   */
  private async call(path: string, body?: unknown): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
    for (let attempt = 1; ; attempt++) {
      this.stats.requests++;
      try {
        const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
        const answer = await fetch(new URL(path, this.base), init);
        const bytes = new Uint8Array(await answer.arrayBuffer());
        if (!answer.ok && answer.status !== 404)
          throw new Error(`the local bucket's reader answered ${answer.status} for ${path}`);
        return { status: answer.status, headers: answer.headers, bytes };
      } catch (error) {
        if (!(error instanceof TypeError) || attempt >= 3) throw error;
        this.stats.retries++;
      }
    }
  }

  async getStored(key: string) {
    const answer = await this.call(encodeURIComponent(key));
    if (answer.status === 404) return null;
    return {
      stored: answer.bytes,
      encoding: answer.headers.get('x-stored-encoding') || null,
      metadata: JSON.parse(answer.headers.get('x-stored-metadata') ?? '{}') as Record<string, string>,
    };
  }

  async get(key: string) {
    return identityOf(await this.getStored(key));
  }

  async getJson<T>(key: string): Promise<T | null> {
    const object = await this.get(key);
    return object ? (JSON.parse(new TextDecoder().decode(object.bytes)) as T) : null;
  }

  async list(prefix: string): Promise<{ objects: Listed[] }> {
    const objects: Listed[] = [];
    let cursor: string | null = null;
    do {
      const page = JSON.parse(new TextDecoder().decode((await this.call('_list', { prefix, cursor })).bytes)) as {
        objects: (Omit<Listed, 'lastModified'> & { lastModified: string })[];
        cursor: string | null;
      };
      for (const o of page.objects) objects.push({ ...o, lastModified: new Date(o.lastModified) });
      cursor = page.cursor;
    } while (cursor);
    return { objects };
  }

  async copy(from: string, to: string): Promise<void> {
    const answer = await this.call('_copy', { from, to });
    if (answer.status === 404)
      throw Object.assign(new Error(`${from} is missing`), { $metadata: { httpStatusCode: 404 } });
  }
}

/** The replay's bucket: puts, heads and deletes as the local publisher sends them, everything else through the reader. */
export function replayBucket(writer: ObjectBucket, readerUrl: URL): ObjectBucket {
  const reader = new BucketReader(readerUrl.href);
  return {
    stats: writer.stats,
    put: (input) => writer.put(input),
    head: (key) => writer.head(key),
    delete: (keys) => writer.delete(keys),
    get: (key) => reader.get(key),
    getStored: (key) => reader.getStored(key),
    getJson: (key) => reader.getJson(key),
    list: (prefix) => reader.list(prefix),
    copy: (from, to) => reader.copy(from, to),
  };
}

/** The command the build runs for what it lacks, reading the local bucket at `readerUrl` (fetch-missing.ts). */
export const fetchMissingFrom = (readerUrl: URL): FetchMissing => [
  process.execPath,
  '--import',
  'tsx',
  fileURLToPath(new URL('./fetch-missing.ts', import.meta.url)),
  readerUrl.href,
];

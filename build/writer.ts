/**
 * The one place that writes build output: every object gets its precomputed ETag (a quoted
 * SHA-256 prefix of its identity bytes) and a manifest entry, so the edge and the publisher
 * never hash. Content-addressed objects are written once however many collections share them.
 *
 * Content-addressed partitions and evidence shards are most of the output (every row in up to
 * 16 collections, and once more as evidence), so they are stored gzip-encoded: a second thread
 * (build/compress-worker.mjs) compresses and writes them while this one serializes the next, and
 * the manifest says `encoding: "gzip"` with the stored size beside the identity size. A
 * partition's ETag is its name: the hash of its identity bytes. Whole responses get a brotli
 * twin `<path>.br` from the same thread (core/encodings.ts), listed with `encoding: "br"` and
 * the ETag and size of the identity they encode.
 */
import { MANIFEST_FILE } from '../core/objects.ts';
import { partitionPath } from '../core/collection-keys.ts';
import { JSON_TYPE, NDJSON_TYPE } from '../core/media-types.ts';
import { BROTLI_TWIN, hasBrotliTwin, isBrotliTwin, type ContentCoding } from '../core/encodings.ts';
import type { ManifestEntry, Pointer } from '../core/publication.ts';
import { etagOfSync } from '../core/digest-sync.ts';
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

export { HTML_TYPE, JSON_TYPE, NDJSON_TYPE } from '../core/media-types.ts';

/**
 * Kilobytes handed to the compressing thread and not yet on disk before this thread waits: enough
 * to keep it busy (an object is at most a few MB), and little enough not to count in the build's
 * peak memory, in both of its processes.
 */
const QUEUE_KB = 64 * 1024;

class CompressThread {
  private readonly pending = new Int32Array(new SharedArrayBuffer(8));
  private readonly channel = new MessageChannel();
  private readonly worker: Worker;

  constructor() {
    this.worker = new Worker(new URL('./compress-worker.mjs', import.meta.url), {
      workerData: { pending: this.pending.buffer, replies: this.channel.port2 },
      transferList: [this.channel.port2],
    });
  }

  write(file: string, path: string, body: Buffer, coding: ContentCoding): void {
    const kb = Math.ceil(body.byteLength / 1024);
    // Back-pressure: the serializer never runs more than QUEUE_KB ahead of the disk.
    for (let queued = Atomics.load(this.pending, 0); queued > QUEUE_KB; queued = Atomics.load(this.pending, 0))
      Atomics.wait(this.pending, 0, queued, 100);
    Atomics.add(this.pending, 0, kb);
    // A pooled small Buffer shares its ArrayBuffer: copy it so the transfer moves only these bytes.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : Buffer.from(body);
    this.worker.postMessage({ file, path, body: own, coding }, [own.buffer as ArrayBuffer]);
  }

  /** Waits until every queued object is on disk; returns their stored sizes. */
  drain(): [string, number][] {
    const answered = Atomics.load(this.pending, 1);
    this.worker.postMessage({ drain: true });
    while (Atomics.load(this.pending, 1) === answered) Atomics.wait(this.pending, 1, answered, 100);
    const reply = receiveMessageOnPort(this.channel.port1);
    if (!reply) throw new Error('the gzip thread answered without its sizes');
    const { stored, failures } = reply.message as { stored: [string, number][]; failures: string[] };
    if (failures.length)
      throw new Error(`${failures.length} encoded objects could not be written: ${failures.slice(0, 3).join('; ')}`);
    return stored;
  }

  close(): void {
    void this.worker.terminate();
    this.channel.port1.close();
  }
}

/**
 * A previous build's output, whose content-addressed objects this build may take as they are
 * (build/incremental/); `remote`: it was fetched from the bucket, where objects it has no file of are.
 */
export type PreviousOutput = { root: string; entries: ReadonlyMap<string, ManifestEntry>; remote: Pointer | null };

export class OutputWriter {
  readonly entries = new Map<string, ManifestEntry>();
  bytesWritten = 0;
  /** objects taken from the previous build instead of written (the incremental build's figure) */
  reused = 0;
  /** of those, objects left in the bucket: taken by name from a previous build fetched from it, with no file here */
  inBucket = 0;
  private compressor: CompressThread | null = null;
  private previous: PreviousOutput | null = null;

  /** `keep`: write into a root another writer of the same build owns (build/build-part.ts) */
  constructor(
    readonly root: string,
    { keep = false } = {},
  ) {
    if (!keep) rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
  }

  /** Content-addressed objects already in this previous build are linked from it, not compressed again. */
  reuseFrom(previous: PreviousOutput): void {
    this.previous = previous;
  }

  /** A partition of the previous build, taken as it is (its name is its content: collections share it). */
  adoptPartition(hash: string): void {
    const path = partitionPath(hash);
    if (!this.entries.has(path)) this.adoptObject(path);
  }

  /** An object of the previous build at `path`, taken as it is (a partition, an unchanged collection's directory). */
  adoptObject(path: string): void {
    if (!this.linkPrevious(path)) throw new Error(`the previous build has no ${path}`);
  }

  /** Takes every object of the previous build whose path passes `test` (and its brotli twin); returns how many. */
  adoptWhere(test: (path: string) => boolean): number {
    let taken = 0;
    for (const path of this.previous?.entries.keys() ?? [])
      if (!isBrotliTwin(path) && test(path) && this.linkPrevious(path)) taken++;
    return taken;
  }

  /**
   * Takes the previous build's object at `path` (a hard link, or a copy across file systems);
   * false when it has none. Of a previous build fetched from the bucket, an object it has no
   * file of stays there: the publisher copies or keeps it by its unchanged ETag, never reading
   * a file, so the output lacks it (publish/fetch-previous.ts). A whole response's brotli
   * twin comes with it.
   */
  private linkPrevious(path: string): boolean {
    const previous = this.previous;
    const entry = previous?.entries.get(path);
    if (!entry) return false;
    if (hasBrotliTwin(path) && !this.linkPrevious(path + BROTLI_TWIN))
      throw new Error(`the previous build has ${path} without its brotli twin`);
    const source = join(previous!.root, path);
    if (previous!.remote && !existsSync(source)) this.inBucket++;
    else {
      const file = join(this.root, path);
      mkdirSync(dirname(file), { recursive: true });
      try {
        linkSync(source, file);
      } catch {
        copyFileSync(source, file);
      }
    }
    this.entries.set(path, { ...entry });
    this.bytesWritten += entry.stored ?? entry.bytes;
    this.reused++;
    return true;
  }

  /** A large object the edge reads whole (an evidence shard), stored gzip-encoded. */
  writeEncoded(path: string, body: string, type = JSON_TYPE): void {
    const bytes = Buffer.from(body, 'utf8');
    this.encode(path, bytes, etagOfSync(bytes), type);
  }

  /** The entry now, its stored size at `settle`; the bytes reach the disk on the compressing thread. */
  private encode(path: string, bytes: Buffer, etag: string, type: string, coding: ContentCoding = 'gzip'): void {
    this.entries.set(path, { etag, bytes: bytes.byteLength, type, encoding: coding, stored: 0 });
    (this.compressor ??= new CompressThread()).write(join(this.root, path), path, bytes, coding);
  }

  /** A whole object as it is; one the edge serves whole also gets its brotli twin (core/encodings.ts). */
  write(path: string, body: string | Uint8Array, type = JSON_TYPE): ManifestEntry {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const entry = { etag: etagOfSync(bytes), bytes: bytes.byteLength, type };
    const file = join(this.root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    this.entries.set(path, entry);
    this.bytesWritten += bytes.byteLength;
    if (hasBrotliTwin(path)) this.writeTwin(path, bytes, entry.etag, type);
    return entry;
  }

  /** The twin of an unchanged object is the previous build's: brotli at quality 10 is slow. */
  private writeTwin(path: string, bytes: Uint8Array, etag: string, type: string): void {
    const twin = path + BROTLI_TWIN;
    if (this.previous?.entries.get(twin)?.etag === etag && this.linkPrevious(twin)) return;
    // A copy: the compressing thread takes the buffer it is given, and the caller's is the caller's.
    this.encode(twin, Buffer.from(bytes), etag, type, 'br');
  }

  writeJson(path: string, value: unknown): ManifestEntry {
    return this.write(path, JSON.stringify(value));
  }

  /**
   * Writes an NDJSON partition once under its content hash (core/collection-keys.ts
   * `partitionPath`), gzip-encoded; identical content shares one object. Returns the hash.
   */
  writePartition(body: string | Buffer): string {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    // The name is the ETag: one hash of the identity bytes serves both.
    const etag = etagOfSync(bytes);
    const hash = etag.slice(1, -1);
    const path = partitionPath(hash);
    if (!this.entries.has(path) && !this.linkPrevious(path)) this.encode(path, bytes, etag, NDJSON_TYPE);
    return hash;
  }

  /** Waits until every encoded object is on disk and records its stored size. */
  settle(): void {
    if (!this.compressor) return;
    for (const [path, stored] of this.compressor.drain()) {
      this.entries.get(path)!.stored = stored;
      this.bytesWritten += stored;
    }
    this.compressor.close();
    this.compressor = null;
  }

  /** Objects another writer of the same build wrote into this root (build/build-part.ts). */
  adopt(entries: [string, ManifestEntry][], bytes: number): void {
    for (const [path, entry] of entries) this.entries.set(path, entry);
    this.bytesWritten += bytes;
  }

  /** The manifest lists every object by path (sorted, so the same build gives the same bytes). */
  finish(record: Record<string, unknown>): void {
    this.settle();
    const objects = Object.fromEntries([...this.entries].sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(join(this.root, MANIFEST_FILE), JSON.stringify({ ...record, objects }, null, 0));
  }
}

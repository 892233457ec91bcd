/**
 * The previous build's output as the incremental build reads it: its state, its manifest, its
 * collection directories and the lines of its partitions. Either a build on this machine, or one
 * fetched from the bucket (publish/fetch-previous.ts), which holds only what the build
 * was foreseen to read: whatever else it reads is fetched on the spot by the command the build
 * was handed (`FetchMissing`), and what it takes without reading stays in the bucket (`remote`).
 */
import { MANIFEST_FILE } from '../../core/objects.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { collectionDirectoryPath, partitionPath } from '../../core/collection-keys.ts';
import type { Day } from '../../core/dates.ts';
import { isGzip } from '../../core/gzip.ts';
import { type Pointer, type ManifestEntry } from '../../core/publication.ts';
import type { CollectionDirectoryT } from '../../schemas/internal.ts';
import type { PreviousOutput } from '../writer.ts';
import { BuildState, STATE_FILE, type BuildStateT } from './state.ts';

/** What a build takes from the previous one: its rows older than `from` (build/incremental/state.ts `boundary`). */
export type Incremental = { from: Day; previous: PreviousBuild };

/** In a previous build's directory fetched from the bucket: the pointer of the published build it came from. */
export const REMOTE_FILE = 'bucket.json';
/**
 * A command (program and arguments) that fetches objects of a previous build taken from the
 * bucket into its directory, run with the directory and the paths; the publisher names it.
 */
export type FetchMissing = readonly string[];

export class PreviousBuild implements PreviousOutput {
  private constructor(
    readonly root: string,
    readonly state: BuildStateT,
    readonly entries: ReadonlyMap<string, ManifestEntry>,
    /** the published build this directory was fetched from; null for a build on this machine */
    readonly remote: Pointer | null,
    readonly fetchMissing: FetchMissing | undefined,
  ) {}

  /** The build in `root`, or null when it has no state (built before incremental builds, or never). */
  static read(root: string, fetchMissing?: FetchMissing): PreviousBuild | null {
    if (!existsSync(join(root, STATE_FILE)) || !existsSync(join(root, MANIFEST_FILE))) return null;
    const state = BuildState.safeParse(JSON.parse(readFileSync(join(root, STATE_FILE), 'utf8')));
    if (!state.success) return null;
    const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as {
      objects: Record<string, ManifestEntry>;
    };
    const remote = existsSync(join(root, REMOTE_FILE))
      ? (JSON.parse(readFileSync(join(root, REMOTE_FILE), 'utf8')) as Pointer)
      : null;
    return new PreviousBuild(root, state.data, new Map(Object.entries(manifest.objects)), remote, fetchMissing);
  }

  /** A collection's directory as the previous build wrote it; null when it had no such collection. */
  directory(kind: CollectionDirectoryT['kind'], key: string): CollectionDirectoryT | null {
    const path = collectionDirectoryPath(kind, key);
    if (!this.entries.has(path)) return null;
    // Validated when it was written (and its ETag is in the manifest): zod again would add a third to reading it.
    return JSON.parse(this.read(path).toString('utf8')) as CollectionDirectoryT;
  }

  /** A partition's lines (identity bytes, without their newlines). */
  partitionLines(hash: string): Buffer[] {
    const path = partitionPath(hash);
    if (!this.entries.has(path)) throw new Error(`the previous build has no partition ${hash}`);
    const file = this.read(path);
    const bytes = isGzip(file) ? gunzipSync(file) : file;
    const lines: Buffer[] = [];
    for (let at = 0; at < bytes.length; ) {
      const end = bytes.indexOf(0x0a, at);
      lines.push(bytes.subarray(at, end));
      at = end + 1;
    }
    return lines;
  }

  /** An object's file, fetched first when this build came from the bucket without it. */
  private read(path: string): Buffer {
    const file = join(this.root, path);
    if (this.remote && !existsSync(file)) this.fetch(path);
    return readFileSync(file);
  }

  /** Fetched before returning, with a bounded wait: a bucket that never answers fails the build rather than hanging it. */
  private fetch(path: string): void {
    const where = `${path} of the published build ${this.remote!.prefix}`;
    if (!this.fetchMissing)
      throw new Error(`${where} is not in ${this.root}, and the build was handed no command to fetch it`);
    const [program, ...args] = this.fetchMissing;
    execFileSync(program!, [...args, this.root, path], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
    if (!existsSync(join(this.root, path))) throw new Error(`${where} could not be fetched into ${this.root}`);
  }
}

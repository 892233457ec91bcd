/**
 * The previous build's output as the incremental build reads it: its state, its manifest, its
 * collection indexes and the lines of its partitions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { collectionIndexPath, partitionPath } from '../../core/collection-keys.ts';
import type { Day } from '../../core/dates.ts';
import type { CollectionIndexT } from '../../schemas/internal.ts';
import type { ManifestEntry, PreviousOutput } from '../writer.ts';
import { BuildState, STATE_FILE, type BuildStateT } from './state.ts';

/** What a build takes from the previous one: its rows older than `from` (build/incremental/state.ts `boundary`). */
export type Incremental = { from: Day; previous: PreviousBuild };

export class PreviousBuild implements PreviousOutput {
  private constructor(
    readonly root: string,
    readonly state: BuildStateT,
    readonly entries: ReadonlyMap<string, ManifestEntry>,
  ) {}

  /** The build in `root`, or null when it has no state (built before incremental builds, or never). */
  static read(root: string): PreviousBuild | null {
    if (!existsSync(join(root, STATE_FILE)) || !existsSync(join(root, 'manifest.json'))) return null;
    const state = BuildState.safeParse(JSON.parse(readFileSync(join(root, STATE_FILE), 'utf8')));
    if (!state.success) return null;
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { objects: Record<string, ManifestEntry> };
    return new PreviousBuild(root, state.data, new Map(Object.entries(manifest.objects)));
  }

  /** A collection's index as the previous build wrote it; null when it had no such collection. */
  index(kind: CollectionIndexT['kind'], key: string): CollectionIndexT | null {
    const path = collectionIndexPath(kind, key);
    if (!this.entries.has(path)) return null;
    // Validated when it was written (and its ETag is in the manifest): parsing it again with zod cost ~1/3 of reading it.
    return JSON.parse(readFileSync(join(this.root, path), 'utf8')) as CollectionIndexT;
  }

  /** A partition's lines (identity bytes, without their newlines). */
  partitionLines(hash: string): Buffer[] {
    const path = partitionPath(hash);
    const entry = this.entries.get(path);
    if (!entry) throw new Error(`the previous build has no partition ${hash}`);
    const file = readFileSync(join(this.root, path));
    const bytes = entry.encoding === 'gzip' ? gunzipSync(file) : file;
    const lines: Buffer[] = [];
    for (let at = 0; at < bytes.length; ) {
      const end = bytes.indexOf(0x0a, at);
      lines.push(bytes.subarray(at, end));
      at = end + 1;
    }
    return lines;
  }
}

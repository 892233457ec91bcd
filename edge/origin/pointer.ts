/** Reading the published build through its pointer (core/publication.ts). */
import {
  POINTER_KEY,
  resolveKey,
  type PathMapLocation,
  type PathMapShard,
  type Pointer,
} from '../../core/publication.ts';
import { fromOrigin, missingFromBuild, OriginUnavailable, type Origin, type StoredObject } from './object.ts';

export function parsePointer(text: string): Pointer {
  const value = JSON.parse(text) as Partial<Pointer> & { index?: Partial<PathMapLocation> };
  const ok =
    (value.format === 1 ||
      (value.format === 2 &&
        typeof value.index?.prefix === 'string' &&
        value.index.prefix.endsWith('/') &&
        Number.isInteger(value.index.shards) &&
        value.index.shards! > 0)) &&
    typeof value.prefix === 'string' &&
    value.prefix.endsWith('/') &&
    typeof value.shared?.prefix === 'string' &&
    Array.isArray(value.shared.paths) &&
    typeof value.buildId === 'string';
  if (!ok) throw new OriginUnavailable('the pointer object is not a publication pointer (format 1 or 2)');
  return value as Pointer;
}

/** How many path map shards an isolate keeps parsed: a shard of a national build is some 50 KB of JSON. */
export const SHARDS_KEPT = 128;

/**
 * Shared by the origins of one isolate, so the pointer is read once a minute, not per request,
 * and a path map shard once per build (it never changes: its key is under the build's prefix).
 * `shards` holds the newest used last; the least recently used goes beyond SHARDS_KEPT.
 */
export type PointerCache = { pointer: Pointer | null; at: number; shards?: Map<string, Promise<PathMapShard>> };

/**
 * Reads through the pointer: one request sees one build (the pointer is resolved once per
 * origin, and the worker makes one origin per request), so a switch never mixes two builds in an
 * answer. A missing pointer means nothing is published yet: the origin is unavailable. A path
 * resolves through the build's path map (core/publication.ts `resolveKey`); a path the map lacks
 * is absent, as a missing object is.
 */
export class PointerOrigin implements Origin {
  private resolved: Promise<Pointer> | null = null;
  private readonly shards: Map<string, Promise<PathMapShard>>;

  constructor(
    private readonly inner: Origin,
    private readonly options: { key?: string; cache?: PointerCache; maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.shards = options.cache ? (options.cache.shards ??= new Map()) : new Map();
  }

  pointer(): Promise<Pointer> {
    this.resolved ??= this.read();
    return this.resolved;
  }

  async get(path: string): Promise<StoredObject | null> {
    const key = await resolveKey(await this.pointer(), path, (shard) => this.shard(shard));
    return key === null ? null : this.inner.get(key);
  }

  private shard(key: string): Promise<PathMapShard> {
    let shard = this.shards.get(key);
    if (shard) this.shards.delete(key);
    else {
      shard = this.readShard(key);
      // A failed read is not kept: the next request tries again.
      shard.catch(() => this.shards.get(key) === shard && this.shards.delete(key));
    }
    this.shards.set(key, shard);
    for (const oldest of this.shards.keys()) {
      if (this.shards.size <= SHARDS_KEPT) break;
      this.shards.delete(oldest);
    }
    return shard;
  }

  private async readShard(key: string): Promise<PathMapShard> {
    const object = await this.inner.get(key);
    if (!object) return missingFromBuild(key);
    return fromOrigin(key, async () => JSON.parse(await object.text()) as PathMapShard);
  }

  private async read(): Promise<Pointer> {
    const { cache, maxAgeMs = 60_000, now = Date.now, key = POINTER_KEY } = this.options;
    if (cache?.pointer && now() - cache.at < maxAgeMs) return cache.pointer;
    const object = await this.inner.get(key);
    if (!object) throw new OriginUnavailable(`no build is published: ${key} is missing`);
    const pointer = parsePointer(await object.text());
    if (cache) Object.assign(cache, { pointer, at: now() });
    return pointer;
  }
}

/**
 * A published build's paths, resolved as the worker resolves them (core/publication.ts
 * `resolveKey`): shared paths under the shared prefix, the rest through the build's path map, each
 * shard read once.
 */
import { resolveKey, type PathMapShard, type Pointer } from '../core/publication.ts';
import type { ObjectBucket } from './bucket.ts';

export class PublishedPathMap {
  private readonly shards = new Map<string, Promise<PathMapShard>>();

  constructor(
    private readonly bucket: ObjectBucket,
    readonly pointer: Pointer,
  ) {}

  /** The key of the object at `path`; null when the build has no such path. */
  keyOf(path: string): Promise<string | null> {
    return resolveKey(this.pointer, path, (key) => {
      let shard = this.shards.get(key);
      if (!shard) this.shards.set(key, (shard = this.read(key)));
      return shard;
    });
  }

  private async read(key: string): Promise<PathMapShard> {
    const shard = await this.bucket.getJson<PathMapShard>(key);
    if (!shard)
      throw new Error(`${key} is missing: the path map of the published build ${this.pointer.prefix} is incomplete`);
    return shard;
  }
}

/**
 * Which of the limiter's objects counts an address: a stable hash of the counter's name (FNV-1a,
 * 32 bits), so every location of the edge asks the same object about the same address.
 */
export function shardOf(counter: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < counter.length; i++) {
    hash ^= counter.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** The name the limiter's object of `shard` is found by (idFromName); it never reads as an address. */
export const shardName = (shard: number): string => `shard-${shard}`;

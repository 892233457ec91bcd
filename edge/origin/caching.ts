/**
 * Immutable objects kept at the edge. Below the pointer every bucket key names bytes that never
 * change (objects and partitions are stored by content, a build's path map is written once), so
 * an object read once is kept in the isolate's memory and in the location's cache (Cache API)
 * under its key, and a later request for it costs no bucket read. Only the pointer itself
 * moves; it is never kept here (edge/origin/pointer.ts PointerOrigin keeps it a minute).
 */
import { POINTER_KEY } from '../../core/publication.ts';
import { locationCache } from '../runtime/location-cache.ts';
import { MemoryLru } from '../runtime/memory-lru.ts';
import { OriginUnavailable, storedFromBytes, type Origin, type StoredMeta, type StoredObject } from './object.ts';

type Kept = { raw: Uint8Array; meta: StoredMeta };

/** Per isolate: what a request reads most (collection directories, the partitions of popular collections, calendars). */
const MEMORY_BYTES = 24 * 1024 * 1024;
const memory = new MemoryLru<Kept>(MEMORY_BYTES);

const CACHE_HOST = 'https://objects.hal-api.invalid/';
/** Kept a day at the location: immutable, but a location's cache is not the place to hold every build. */
const CACHE_SECONDS = 86_400;
const META_HEADER = 'x-stored';

export type WaitUntil = (work: Promise<unknown>) => void;

export class CachingOrigin implements Origin {
  constructor(
    private readonly inner: Origin,
    private readonly waitUntil: WaitUntil,
  ) {}

  async get(key: string): Promise<StoredObject | null> {
    if (key === POINTER_KEY) return this.inner.get(key);
    const kept = memory.get(key) ?? (await this.fromLocation(key));
    if (kept) return storedFromBytes(key, kept.raw, kept.meta);
    const object = await this.inner.get(key);
    if (!object) return null;
    const bytes = await readStored(key, object);
    const meta: StoredMeta = { etag: object.etag, contentType: object.contentType, encoding: object.encoding };
    this.keep(key, { raw: bytes, meta });
    return storedFromBytes(key, bytes, meta);
  }

  private async fromLocation(key: string): Promise<Kept | null> {
    const hit = await locationCache()?.match(CACHE_HOST + key);
    if (!hit) return null;
    const meta = JSON.parse(hit.headers.get(META_HEADER) ?? 'null') as StoredMeta | null;
    if (!meta) return null;
    const kept = { raw: new Uint8Array(await hit.arrayBuffer()), meta };
    memory.set(key, kept, kept.raw.byteLength);
    return kept;
  }

  private keep(key: string, kept: Kept): void {
    memory.set(key, kept, kept.raw.byteLength);
    const cache = locationCache();
    if (!cache) return;
    // Stored bytes as an opaque body, so neither the cache nor the runtime re-codes them.
    const headers = {
      'content-type': 'application/octet-stream',
      'cache-control': `max-age=${CACHE_SECONDS}`,
      [META_HEADER]: JSON.stringify(kept.meta),
    };
    this.waitUntil(cache.put(CACHE_HOST + key, new Response(kept.raw, { headers })).catch(() => {}));
  }
}

async function readStored(key: string, object: StoredObject): Promise<Uint8Array> {
  const raw = object.raw();
  if (raw instanceof Uint8Array) return raw;
  try {
    return new Uint8Array(await new Response(raw).arrayBuffer());
  } catch (error) {
    throw new OriginUnavailable(`${key}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

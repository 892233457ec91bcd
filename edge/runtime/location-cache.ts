/** The location's cache (the Workers Cache API), where the runtime has one; null elsewhere (Node). */
export function locationCache(): Cache | null {
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
}

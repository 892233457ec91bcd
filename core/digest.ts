/**
 * Content digests through Web Crypto, which the worker and Node both have. The Node side hashes
 * synchronously where its build and publisher are synchronous (core/digest-sync.ts), by the same rule.
 */
export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The ETag rule, of every object the build writes and every answer the worker computes: a strong
 * tag of the first 128 bits of the identity bytes' SHA-256 (`sha256` in lower-case hex), quoted.
 */
export const etagOfSha256 = (sha256: string): string => `"${sha256.slice(0, 32)}"`;

export const etagOf = async (body: string | Uint8Array): Promise<string> => etagOfSha256(await sha256Hex(body));

/**
 * The local stand-in for the bucket: serves dist/ objects with the ETags and content types
 * the build recorded in dist/manifest.json (re-read when a new build replaces it). What the build
 * stored encoded (partitions gzip, brotli twins) is served as it is, with its `content-encoding`,
 * as the bucket does.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_FILE } from '../../core/objects.ts';

type Manifest = { objects: Record<string, { etag: string; type: string; encoding?: 'gzip' | 'br' }> };

export function distOrigin(distDir: string): (request: Request) => Promise<Response> {
  let manifest: Manifest | null = null;
  let loadedAt = 0;
  const current = async () => {
    const { mtimeMs } = await stat(join(distDir, MANIFEST_FILE));
    if (!manifest || mtimeMs !== loadedAt) {
      manifest = JSON.parse(await readFile(join(distDir, MANIFEST_FILE), 'utf8')) as Manifest;
      loadedAt = mtimeMs;
    }
    return manifest;
  };
  return async (request) => {
    const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
    const entry = (await current()).objects[key];
    if (!entry || key.includes('..')) return new Response(null, { status: 404 });
    const body = await readFile(join(distDir, key));
    return new Response(body, {
      headers: {
        etag: entry.etag,
        'content-type': entry.type,
        ...(entry.encoding ? { 'content-encoding': entry.encoding } : {}),
      },
    });
  };
}

/** A build file's identity bytes: partitions are stored gzip-encoded (manifest `encoding: gzip`), twins brotli (`br`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isBrotliTwin } from '../../core/encodings.ts';
import { isGzip } from '../../core/gzip.ts';
import { partitionAt } from '../../core/collection-keys.ts';

export function distBytes(distDir: string, path: string): Buffer {
  const bytes = readFileSync(join(distDir, path));
  if (isBrotliTwin(path)) return brotliDecompressSync(bytes);
  return isGzip(bytes) ? gunzipSync(bytes) : bytes;
}

export const distText = (distDir: string, path: string): string => distBytes(distDir, path).toString('utf8');

/** The first `count` price rows the build published for a variant (its collection's first partition), as the API sends them. */
export function firstPriceRows(distDir: string, variant: string, count: number): Record<string, any>[] {
  const index = JSON.parse(readFileSync(join(distDir, `api/v1/_c/prices/product/${variant}.json`), 'utf8'));
  return distText(distDir, partitionAt(index, 0).path)
    .trim()
    .split('\n')
    .slice(0, count)
    .map((l) => JSON.parse(l));
}

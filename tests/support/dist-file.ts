/** A build file's identity bytes: partitions are stored gzip-encoded (manifest `encoding: gzip`), twins brotli (`br`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isBrotliTwin } from '../../core/encodings.ts';
import { isGzip } from '../../core/gzip.ts';

export function distBytes(distDir: string, path: string): Buffer {
  const bytes = readFileSync(join(distDir, path));
  if (isBrotliTwin(path)) return brotliDecompressSync(bytes);
  return isGzip(bytes) ? gunzipSync(bytes) : bytes;
}

export const distText = (distDir: string, path: string): string => distBytes(distDir, path).toString('utf8');

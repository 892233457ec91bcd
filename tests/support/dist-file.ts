/** A build file's identity bytes: partitions are stored gzip-encoded (manifest `encoding: gzip`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export function distBytes(distDir: string, path: string): Buffer {
  const bytes = readFileSync(join(distDir, path));
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

export const distText = (distDir: string, path: string): string => distBytes(distDir, path).toString('utf8');

/**
 * The one place that writes build output: every object gets its precomputed ETag (a quoted
 * SHA-256 prefix of the bytes) and a manifest entry, so the edge and the publisher never hash.
 * Content-addressed objects are written once however many collections share them.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type ManifestEntry = { etag: string; bytes: number; type: string };
export const JSON_TYPE = 'application/json; charset=utf-8';
export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export function etagOf(bytes: Uint8Array | string): string {
  return `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}

export class OutputWriter {
  readonly entries = new Map<string, ManifestEntry>();
  bytesWritten = 0;

  constructor(readonly root: string) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
  }

  write(path: string, body: string | Uint8Array, type = JSON_TYPE): ManifestEntry {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const entry = { etag: etagOf(bytes), bytes: bytes.byteLength, type };
    const file = join(this.root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    this.entries.set(path, entry);
    this.bytesWritten += bytes.byteLength;
    return entry;
  }

  writeJson(path: string, value: unknown): ManifestEntry {
    return this.write(path, JSON.stringify(value));
  }

  /** Writes under `{prefix}/{hash}.{ext}` once; identical content shares one object. */
  writeContentAddressed(prefix: string, body: string, ext: string, type: string): string {
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
    const path = `${prefix}/${hash.slice(0, 2)}/${hash}.${ext}`;
    if (!this.entries.has(path)) this.write(path, body, type);
    return path;
  }

  /** The manifest lists every object by path (sorted, so the same build gives the same bytes). */
  finish(record: Record<string, unknown>): void {
    const objects = Object.fromEntries([...this.entries].sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(join(this.root, 'manifest.json'), JSON.stringify({ ...record, objects }, null, 0));
  }
}

/**
 * Fetched documents kept as evidence, content-addressed: `<dir>/<sha[0:2]>/<sha256>` holds the
 * bytes exactly as received. Archive documents already live in data/sources/ and are not copied.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class EvidenceFolder {
  constructor(readonly dir: string) {}

  pathOf(sha256: string): string {
    return join(this.dir, sha256.slice(0, 2), sha256);
  }

  put(sha256: string, bytes: Uint8Array): string {
    const path = this.pathOf(sha256);
    if (!existsSync(path)) {
      mkdirSync(join(this.dir, sha256.slice(0, 2)), { recursive: true });
      writeFileSync(path, bytes);
    }
    return path;
  }

  get(sha256: string): Uint8Array | null {
    const path = this.pathOf(sha256);
    return existsSync(path) ? readFileSync(path) : null;
  }
}

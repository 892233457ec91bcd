/**
 * The suite archive's cache key: a hash of every byte the import, the build, the snapshot and the
 * local publication read (the documents in data/, the code of each stage, the locked packages).
 * A rerun with none of them changed finds its archive; changing one line of the build does not.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders and files whose content makes the archive; tests beside the code are not part of it. */
const ARCHIVE_INPUTS = [
  'data',
  'core',
  'schemas',
  'sources',
  'store',
  'build',
  'publish',
  'public',
  'scripts/lib/miniflare-bucket.ts',
  'scripts/lib/bucket-worker.js',
  'package-lock.json',
];

const isTest = (path: string) => path.endsWith('.test.ts');

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => (isTest(name) ? [] : filesUnder(root, join(path, name))));
}

/**
 * The first 16 hex digits of the SHA-256 over `recipe` (how the archive is made from its inputs) and each
 * input file's path and bytes, in a fixed order.
 */
export function contentKey(root: string, recipe: string, inputs: readonly string[] = ARCHIVE_INPUTS): string {
  const hash = createHash('sha256').update(`${recipe}\0`);
  for (const path of inputs.flatMap((p) => filesUnder(root, p))) {
    hash.update(`${relative(root, join(root, path))}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * public/ → dist/pages/: the hand-written pages and assets (the widgets' listing page, the
 * favicon), copied through the writer so each gets its ETag and content type in the manifest, like
 * every other object the worker serves. A file the worker cannot reach (no PAGES entry), or a
 * PAGES entry with no object behind it, fails the build instead of publishing a broken link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES_PREFIX } from '../../core/objects.ts';
import { PAGES } from '../../core/routes.ts';
import { TYPES_BY_EXTENSION } from '../../core/media-types.ts';
import type { OutputWriter } from '../writer.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

/** Content types by extension (core/media-types.ts); anything else in public/ is a mistake the build reports. */
export const PUBLIC_TYPES = TYPES_BY_EXTENSION;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Copies every file of `dir` to `PAGES_PREFIX<relative path>`; returns the keys written. */
export function writePublic(writer: OutputWriter, dir = PUBLIC_DIR): string[] {
  const keys: string[] = [];
  for (const file of filesUnder(dir).sort()) {
    const rel = relative(dir, file).split(sep).join('/');
    const type = PUBLIC_TYPES[extname(file)];
    if (!type)
      throw new Error(
        `public/${rel}: no content type for "${extname(file)}" (see PUBLIC_TYPES in build/pages/public.ts)`,
      );
    const key = `${PAGES_PREFIX}${rel}`;
    if (!PAGES.some((p) => p.key === key))
      throw new Error(`public/${rel} is not served: add a PAGES entry with key "${key}" in core/routes.ts`);
    writer.write(key, readFileSync(file), type);
    keys.push(key);
  }
  const missing = PAGES.filter((p) => !writer.entries.has(p.key));
  if (missing.length)
    throw new Error(`PAGES without a published object: ${missing.map((p) => `${p.path} → ${p.key}`).join(', ')}`);
  return keys;
}

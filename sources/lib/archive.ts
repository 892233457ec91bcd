/**
 * Every source with real documents lists them in data/sources/<key>/archive.json: the file, its
 * upstream address, content type, the parser that reads it and, where the file name says it,
 * the day it was requested for. One reader for all of them; a source says only how it picks
 * the parser (and, for HKS, where the fetch moment is written).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Day } from '../../core/dates.ts';
import type { ArchiveDocument, Parser } from '../types.ts';

export type ArchiveFile = {
  file: string;
  parser: string;
  url: string;
  contentType: string;
  /** the day the list was requested for (from the file name); absent when unknown */
  requestedDay?: Day;
  market: string;
  note?: string;
};

/** The repository's archive, data/sources/; another directory laid out the same way can be imported instead. */
export const ARCHIVE_ROOT = fileURLToPath(new URL('../../data/sources/', import.meta.url));

function archiveDir(source: string, root = ARCHIVE_ROOT): string {
  return join(root, source) + '/';
}

/** Whether `root` holds documents of `source` (every source has an archive.json in the repository's). */
export function hasArchive(source: string, root = ARCHIVE_ROOT): boolean {
  return existsSync(archiveDir(source, root) + 'archive.json');
}

export function archiveFiles<F extends ArchiveFile = ArchiveFile>(source: string, root = ARCHIVE_ROOT): F[] {
  return (JSON.parse(readFileSync(archiveDir(source, root) + 'archive.json', 'utf8')) as { files: F[] }).files;
}

export type ArchiveOptions<F> = {
  root?: string;
  /** the download moment, when the source's own file says it */
  fetchedAt?: (file: F, bytes: Uint8Array) => string | null;
};

/**
 * The archive's documents in archive.json's order (the earliest of byte-identical copies first:
 * the importer keeps the first document with a given sha256). Archive copies have no known
 * download moment unless the source's own file says it (`fetchedAt`).
 */
export function readArchive<F extends ArchiveFile = ArchiveFile>(
  source: string,
  parserOf: (file: F) => Parser | undefined,
  { root = ARCHIVE_ROOT, fetchedAt = () => null }: ArchiveOptions<F> = {},
): ArchiveDocument[] {
  const dir = archiveDir(source, root);
  return archiveFiles<F>(source, root).map((file) => {
    const parser = parserOf(file);
    if (!parser) throw new Error(`${source}/${file.file}: unknown parser ${file.parser}`);
    const bytes = readFileSync(dir + file.file);
    return {
      url: file.url,
      fetchedAt: fetchedAt(file, bytes),
      contentType: file.contentType,
      bytes,
      requestedDay: file.requestedDay ?? null,
      storedPath: root === ARCHIVE_ROOT ? `data/sources/${source}/${file.file}` : dir + file.file,
      parser,
    };
  });
}

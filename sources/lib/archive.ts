/**
 * Every source with real documents lists them in data/sources/<key>/archive.json: the file, its
 * upstream address, content type, the parser that reads it and, where the file name says it,
 * the day it was requested for. One reader for all of them; a source says only how it picks
 * the parser (and, for HKS, where the fetch moment is written).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Day } from '../../core/dates.ts';
import type { ArchiveDocument, Parser } from '../adapter.ts';

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

export function archiveDir(source: string): string {
  return fileURLToPath(new URL(`../../data/sources/${source}/`, import.meta.url));
}

export function archiveFiles<F extends ArchiveFile = ArchiveFile>(source: string): F[] {
  return (JSON.parse(readFileSync(archiveDir(source) + 'archive.json', 'utf8')) as { files: F[] }).files;
}

/**
 * The archive's documents in archive.json's order (the earliest of byte-identical copies first:
 * the importer keeps the first document with a given sha256). Archive copies have no known
 * download moment unless the source's own file says it (`fetchedAt`).
 */
export function readArchive<F extends ArchiveFile = ArchiveFile>(
  source: string,
  parserOf: (file: F) => Parser | undefined,
  fetchedAt: (file: F, bytes: Uint8Array) => string | null = () => null,
): ArchiveDocument[] {
  const dir = archiveDir(source);
  return archiveFiles<F>(source).map((file) => {
    const parser = parserOf(file);
    if (!parser) throw new Error(`${source}/${file.file}: unknown parser ${file.parser}`);
    const bytes = readFileSync(dir + file.file);
    return {
      url: file.url,
      fetchedAt: fetchedAt(file, bytes),
      contentType: file.contentType,
      bytes,
      requestedDay: file.requestedDay ?? null,
      storedPath: `data/sources/${source}/${file.file}`,
      parser,
    };
  });
}

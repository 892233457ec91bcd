/** İBB as a static archive: the files listed in data/sources/istanbul-ibb/archive.json, in its order. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Day } from '../../core/dates.ts';
import type { ArchiveDocument } from '../adapter.ts';
import { archiveParser } from './parsers.ts';
import type { IbbGroup } from './table.ts';

export type ArchiveFile = {
  file: string;
  parser: string;
  url: string;
  contentType: string;
  /** the day the list was requested for (from the file name); absent when unknown */
  requestedDay?: Day;
  /** the category asked for (kategori / file suffix); null when unknown */
  group: IbbGroup | null;
  market: string;
  note: string;
};

const DIR = fileURLToPath(new URL('../../data/sources/istanbul-ibb/', import.meta.url));

export function istanbulIbbArchiveFiles(): ArchiveFile[] {
  return (JSON.parse(readFileSync(DIR + 'archive.json', 'utf8')) as { files: ArchiveFile[] }).files;
}

/**
 * In archive.json's order, which puts the earliest of byte-identical copies first: the importer
 * keeps the first document with a given sha256 and skips the others.
 */
export function istanbulIbbArchive(): ArchiveDocument[] {
  return istanbulIbbArchiveFiles().map((file) => ({
    url: file.url,
    fetchedAt: null,
    contentType: file.contentType,
    bytes: readFileSync(DIR + file.file),
    requestedDay: file.requestedDay ?? null,
    storedPath: `data/sources/istanbul-ibb/${file.file}`,
    parser: archiveParser(file.parser, file.group),
  }));
}

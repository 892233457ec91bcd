/** Ankara as a static archive: the files listed in data/sources/ankara/archive.json. */
import type { ArchiveDocument } from '../types.ts';
import { readArchive } from '../lib/archive.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

export function ankaraArchive(root?: string): ArchiveDocument[] {
  return readArchive('ankara', (file) => ARCHIVE_PARSERS[file.parser], { root });
}

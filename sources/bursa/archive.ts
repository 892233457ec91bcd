/** Bursa as a static archive: the files listed in data/sources/bursa/archive.json. */
import type { ArchiveDocument } from '../types.ts';
import { readArchive } from '../lib/archive.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

export function bursaArchive(root?: string): ArchiveDocument[] {
  return readArchive('bursa', (file) => ARCHIVE_PARSERS[file.parser], { root });
}

/** İzmir as a static archive: the files listed in data/sources/izmir/archive.json. */
import type { ArchiveDocument } from '../types.ts';
import { readArchive } from '../lib/archive.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

export function izmirArchive(root?: string): ArchiveDocument[] {
  return readArchive('izmir', (file) => ARCHIVE_PARSERS[file.parser], { root });
}

/** Bursa as a static archive: the files listed in data/sources/bursa/archive.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Day } from '../../core/dates.ts';
import type { ArchiveDocument } from '../adapter.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

export type ArchiveFile = { file: string; parser: string; contentType: string; url: string; requestedDay?: Day; market: string; note: string };

const DIR = fileURLToPath(new URL('../../data/sources/bursa/', import.meta.url));

export function bursaArchiveFiles(): ArchiveFile[] {
  return (JSON.parse(readFileSync(DIR + 'archive.json', 'utf8')) as { files: ArchiveFile[] }).files;
}

export function bursaArchive(): ArchiveDocument[] {
  return bursaArchiveFiles().map((file) => {
    const parser = ARCHIVE_PARSERS[file.parser];
    if (!parser) throw new Error(`${file.file}: unknown parser ${file.parser}`);
    return {
      url: file.url,
      fetchedAt: null,
      contentType: file.contentType,
      bytes: readFileSync(DIR + file.file),
      ...(file.requestedDay ? { requestedDay: file.requestedDay } : {}),
      storedPath: `data/sources/bursa/${file.file}`,
      parser,
    };
  });
}

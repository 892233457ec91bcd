/** İzmir as a static archive: the files listed in data/sources/izmir/archive.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ArchiveDocument } from '../adapter.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

export type ArchiveFile = { file: string; parser: string; contentType: string; url: string; market: string };

const DIR = fileURLToPath(new URL('../../data/sources/izmir/', import.meta.url));

export function izmirArchiveFiles(): ArchiveFile[] {
  return (JSON.parse(readFileSync(DIR + 'archive.json', 'utf8')) as { files: ArchiveFile[] }).files;
}

export function izmirArchive(): ArchiveDocument[] {
  return izmirArchiveFiles().map((file) => {
    const parser = ARCHIVE_PARSERS[file.parser];
    if (!parser) throw new Error(`${file.file}: unknown parser ${file.parser}`);
    return { url: file.url, fetchedAt: null, contentType: file.contentType, bytes: readFileSync(DIR + file.file), storedPath: `data/sources/izmir/${file.file}`, parser };
  });
}

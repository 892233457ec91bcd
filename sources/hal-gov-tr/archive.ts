/** HKS as a static archive: the files listed in data/sources/hal-gov-tr/archive.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ArchiveDocument } from '../adapter.ts';
import { readHksJson } from './json.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

export type ArchiveFile = { file: string; parser: string; contentType: string; url: string; requestedDay?: string; market: string; note: string };

const DIR = fileURLToPath(new URL('../../data/sources/hal-gov-tr/', import.meta.url));

export function halGovTrArchiveFiles(): ArchiveFile[] {
  return (JSON.parse(readFileSync(DIR + 'archive.json', 'utf8')) as { files: ArchiveFile[] }).files;
}

/**
 * The scraper's JSON says when it read hal.gov.tr (`cekme_tarihi`, Istanbul time): that is the
 * document's fetch moment. The moment the copy was taken from GitHub does not matter here.
 */
function fetchedAt(file: ArchiveFile, bytes: Uint8Array): string | null {
  return file.parser === 'hal-gov-tr-json' ? readHksJson(new TextDecoder().decode(bytes)).scrapedAt : null;
}

export function halGovTrArchive(): ArchiveDocument[] {
  return halGovTrArchiveFiles().map((file) => {
    const parser = ARCHIVE_PARSERS[file.parser];
    if (!parser) throw new Error(`${file.file}: unknown parser ${file.parser}`);
    const bytes = readFileSync(DIR + file.file);
    return {
      url: file.url,
      fetchedAt: fetchedAt(file, bytes),
      contentType: file.contentType,
      bytes,
      ...(file.requestedDay ? { requestedDay: file.requestedDay } : {}),
      storedPath: `data/sources/hal-gov-tr/${file.file}`,
      parser,
    };
  });
}

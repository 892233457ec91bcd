/** HKS as a static archive: the files listed in data/sources/hal-gov-tr/archive.json. */
import type { ArchiveDocument } from '../types.ts';
import { readArchive } from '../lib/archive.ts';
import { readHksJson } from './json.ts';
import { ARCHIVE_PARSERS } from './parsers.ts';

/**
 * The scraper's JSON says when it read hal.gov.tr (`cekme_tarihi`, Istanbul time): that is the
 * document's fetch moment. The moment the copy was taken from GitHub does not matter here.
 */
export function halGovTrArchive(root?: string): ArchiveDocument[] {
  return readArchive('hal-gov-tr', (file) => ARCHIVE_PARSERS[file.parser], {
    root,
    fetchedAt: (file, bytes) =>
      file.parser === 'hal-gov-tr-json' ? readHksJson(new TextDecoder().decode(bytes)).scrapedAt : null,
  });
}

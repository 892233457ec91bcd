/** Antalya's archive: the scraper's DERIVED daily tables listed in data/sources/antalya/archive.json. */
import type { ArchiveDocument, Parser } from '../types.ts';
import { readArchive } from '../lib/archive.ts';
import { parserOf } from '../lib/parser-of.ts';
import { PARSER, PARSER_VERSION, parseAntalyaScraperCsv } from './scraper-csv.ts';

const antalyaScraperCsv: Parser = parserOf(PARSER, PARSER_VERSION, parseAntalyaScraperCsv);

export function antalyaArchive(root?: string): ArchiveDocument[] {
  return readArchive('antalya', (file) => (file.parser === PARSER ? antalyaScraperCsv : undefined), { root });
}

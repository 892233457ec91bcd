/** The Ankara parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import { parserOf } from '../lib/parser-of.ts';
import * as live from './live-html.ts';
import * as head from './page-head.ts';
import * as scraperDb from './scraper-sqlite.ts';

const ankaraScraperSqlite = parserOf(scraperDb.PARSER, scraperDb.PARSER_VERSION, (d) =>
  scraperDb.parseAnkaraScraperSqlite(d.bytes),
);
const ankaraPageHead = parserOf(head.PARSER, head.PARSER_VERSION, (d) => head.parseAnkaraPageHead(d.bytes));

/** One parser per requested `type`: the page does not say which list it answers, the request does. */
export function ankaraHtml(type: live.AnkaraType): Parser {
  return parserOf(live.PARSER, live.PARSER_VERSION, (d) => live.parseAnkaraHtml(d.bytes, type));
}

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [ankaraScraperSqlite.id]: ankaraScraperSqlite,
  [ankaraPageHead.id]: ankaraPageHead,
};

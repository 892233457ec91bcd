/** The Ankara parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import * as live from './live-html.ts';
import * as head from './page-head.ts';
import * as store from './scraper-sqlite.ts';

const ankaraScraperSqlite: Parser = {
  id: store.PARSER,
  version: store.PARSER_VERSION,
  parse: (d) => store.parseAnkaraScraperSqlite(d.bytes),
};
const ankaraPageHead: Parser = {
  id: head.PARSER,
  version: head.PARSER_VERSION,
  parse: (d) => head.parseAnkaraPageHead(d.bytes),
};

/** One parser per requested `type`: the page does not say which list it answers, the request does. */
export function ankaraHtml(type: live.AnkaraType): Parser {
  return { id: live.PARSER, version: live.PARSER_VERSION, parse: (d) => live.parseAnkaraHtml(d.bytes, type) };
}

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [ankaraScraperSqlite.id]: ankaraScraperSqlite,
  [ankaraPageHead.id]: ankaraPageHead,
};

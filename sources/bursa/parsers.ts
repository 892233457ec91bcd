/** The Bursa parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import * as history from './git-history.ts';
import * as api from './live-api.ts';
import * as json from './scraper-json.ts';

export const bursaApi: Parser = { id: api.PARSER, version: api.PARSER_VERSION, parse: api.parseBursaApi };
const bursaScraperJson: Parser = { id: json.PARSER, version: json.PARSER_VERSION, parse: json.parseBursaScraperJson };
const bursaGitHistory: Parser = {
  id: history.PARSER,
  version: history.PARSER_VERSION,
  parse: history.parseBursaGitHistory,
};

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [bursaScraperJson.id]: bursaScraperJson,
  [bursaGitHistory.id]: bursaGitHistory,
};

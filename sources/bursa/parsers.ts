/** The Bursa parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import { parserOf } from '../lib/parser-of.ts';
import * as history from './git-history.ts';
import * as api from './live-api.ts';
import * as json from './scraper-json.ts';

export const bursaApi: Parser = parserOf(api.PARSER, api.PARSER_VERSION, api.parseBursaApi);
const bursaScraperJson: Parser = parserOf(json.PARSER, json.PARSER_VERSION, json.parseBursaScraperJson);
const bursaGitHistory = parserOf(history.PARSER, history.PARSER_VERSION, history.parseBursaGitHistory);

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [bursaScraperJson.id]: bursaScraperJson,
  [bursaGitHistory.id]: bursaGitHistory,
};

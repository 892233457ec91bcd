/** The İzmir parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import * as apiDump from './api-dump.ts';
import * as live from './live-api.ts';
import * as report2025 from './report-2025.ts';
import * as yearCsv from './year-csv.ts';

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const izmirYearCsv: Parser = {
  id: yearCsv.PARSER,
  version: yearCsv.PARSER_VERSION,
  parse: (d) => yearCsv.parseIzmirYearCsv(utf8(d.bytes)),
};
const izmirReport2025: Parser = {
  id: report2025.PARSER,
  version: report2025.PARSER_VERSION,
  parse: (d) => report2025.parseIzmirReport2025(d.bytes),
};
const izmirApiDump: Parser = {
  id: apiDump.PARSER,
  version: apiDump.PARSER_VERSION,
  parse: (d) => apiDump.parseIzmirApiDump(utf8(d.bytes)),
};

export function izmirLive(feed: live.IzmirFeed): Parser {
  return { id: live.PARSER, version: live.PARSER_VERSION, parse: (d) => live.parseIzmirLiveJson(utf8(d.bytes), feed) };
}

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [izmirYearCsv.id]: izmirYearCsv,
  [izmirReport2025.id]: izmirReport2025,
  [izmirApiDump.id]: izmirApiDump,
};

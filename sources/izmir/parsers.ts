/** The İzmir parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import { parserOf } from '../lib/parser-of.ts';
import * as apiDump from './api-dump.ts';
import * as ckanCsv from './ckan-csv.ts';
import * as live from './live-api.ts';
import * as report2025 from './report-2025.ts';
import * as yearCsv from './year-csv.ts';

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const izmirYearCsv = parserOf(yearCsv.PARSER, yearCsv.PARSER_VERSION, (d) => yearCsv.parseIzmirYearCsv(utf8(d.bytes)));
const izmirReport2025 = parserOf(report2025.PARSER, report2025.PARSER_VERSION, (d) =>
  report2025.parseIzmirReport2025(d.bytes),
);
const izmirCkanCsv = parserOf(ckanCsv.PARSER, ckanCsv.PARSER_VERSION, (d) => ckanCsv.parseIzmirCkanCsv(utf8(d.bytes)));
const izmirApiDump = parserOf(apiDump.PARSER, apiDump.PARSER_VERSION, (d) => apiDump.parseIzmirApiDump(utf8(d.bytes)));

export function izmirLive(feed: live.IzmirFeed): Parser {
  return parserOf(live.PARSER, live.PARSER_VERSION, (d) => live.parseIzmirLiveJson(utf8(d.bytes), feed));
}

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [izmirYearCsv.id]: izmirYearCsv,
  [izmirCkanCsv.id]: izmirCkanCsv,
  [izmirReport2025.id]: izmirReport2025,
  [izmirApiDump.id]: izmirApiDump,
};

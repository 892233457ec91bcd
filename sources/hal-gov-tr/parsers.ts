/** The HKS parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import { parserOf } from '../lib/parser-of.ts';
import * as excel from './excel.ts';
import * as grid from './grid.ts';
import * as json from './json.ts';

const halGovTrJson = parserOf(json.PARSER, json.PARSER_VERSION, (d) =>
  json.parseHksJson(new TextDecoder().decode(d.bytes)),
);
export const halGovTrGrid: Parser = parserOf(grid.PARSER, grid.PARSER_VERSION, grid.parseHksGrid);
const halGovTrExcel: Parser = parserOf(excel.PARSER, excel.PARSER_VERSION, excel.parseHksExcel);

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [halGovTrJson.id]: halGovTrJson,
  [halGovTrGrid.id]: halGovTrGrid,
  [halGovTrExcel.id]: halGovTrExcel,
};

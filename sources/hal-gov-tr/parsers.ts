/** The HKS parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import * as excel from './excel.ts';
import * as grid from './grid.ts';
import * as json from './json.ts';

const halGovTrJson: Parser = {
  id: json.PARSER,
  version: json.PARSER_VERSION,
  parse: (d) => json.parseHksJson(new TextDecoder().decode(d.bytes)),
};
export const halGovTrGrid: Parser = { id: grid.PARSER, version: grid.PARSER_VERSION, parse: grid.parseHksGrid };
const halGovTrExcel: Parser = { id: excel.PARSER, version: excel.PARSER_VERSION, parse: excel.parseHksExcel };

export const ARCHIVE_PARSERS: Record<string, Parser> = {
  [halGovTrJson.id]: halGovTrJson,
  [halGovTrGrid.id]: halGovTrGrid,
  [halGovTrExcel.id]: halGovTrExcel,
};

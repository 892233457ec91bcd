/** The İBB parsers as the adapter interface sees them: id, version, document → rows as printed. */
import type { Parser } from '../types.ts';
import { parserOf } from '../lib/parser-of.ts';
import * as crawl from './crawl-index.ts';
import * as csv from './csv.ts';
import * as html from './html.ts';
import * as json from './json.ts';
import type { IbbGroup } from './table.ts';

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** The endpoint's fragment and the former site's page: the category is in the document. */
export const istanbulIbbHtml = parserOf(html.PARSER, html.PARSER_VERSION, (d) => html.parseIbbHtml(d));

/** JSON and CSV dumps do not say their category: it comes from the request (archive.json). */
function istanbulIbbJson(group: IbbGroup): Parser {
  return parserOf(json.PARSER, json.PARSER_VERSION, (d) => json.parseIbbJson(utf8(d.bytes), d, group));
}

function istanbulIbbCsv(group: IbbGroup): Parser {
  return parserOf(csv.PARSER, csv.PARSER_VERSION, (d) => csv.parseIbbCsv(d.bytes, d, group));
}

const istanbulIbbCrawlIndex = parserOf(crawl.PARSER, crawl.PARSER_VERSION, (d) => crawl.parseCrawlIndex(utf8(d.bytes)));

/** The parser an archive.json entry names; JSON and CSV need the entry's group. */
export function archiveParser(id: string, group: IbbGroup | null): Parser {
  if (id === html.PARSER) return istanbulIbbHtml;
  if (id === crawl.PARSER) return istanbulIbbCrawlIndex;
  if (id === json.PARSER || id === csv.PARSER) {
    if (!group) throw new Error(`${id} needs the entry's group`);
    return id === json.PARSER ? istanbulIbbJson(group) : istanbulIbbCsv(group);
  }
  throw new Error(`unknown parser ${id}`);
}

/**
 * The HKS page `https://www.hal.gov.tr/Sayfalar/FiyatDetaylari.aspx` after the date postback:
 * an ASP.NET (SharePoint web part) form with the label `Bülten Tarihi : DD.MM.YYYY (DD.MM.YYYY
 * Tarihli Veriler Kullanılmıştır.)` and the GridView `…_gvFiyatlar`, one page of 25 lines, with
 * a pager row of `__doPostBack('<grid UniqueID>','Page$N')` links.
 *
 * A document is one page or several pages of one bulletin stored one after another, as
 * collect() stores them (see collect.ts: a product's lines can sit on two pages, so the
 * volume-weighted average needs every page). Each page must carry the same bulletin label.
 */
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { Day } from '../../core/dates.ts';
import { LayoutError, type ParsedDocument, type SourceDocument } from '../types.ts';
import type { Html } from '../lib/html.ts';
import { aggregateLines, type HksLine, type HksProduct } from './aggregate.ts';
import { findBulletinLabels, type BulletinDates } from './dates.ts';
import { ownRows, readTable } from './table.ts';

export const PARSER = 'hal-gov-tr-grid';
export const PARSER_VERSION = 1;

export const GRID_SELECTOR = 'table[id$="gvFiyatlar"]';
export const DATE_FIELD_SELECTOR = 'input[name$="dateControlDate"]';

export type HksGridRead = {
  document: ParsedDocument;
  products: HksProduct[];
  /** printed lines read (pager rows excluded) */
  lines: number;
  pagerRows: number;
  pages: number;
  bulletinDay: Day | null;
};

const POSTBACK = /__doPostBack\(\s*'([^']+)'\s*,\s*'Page\$(\d+)'\s*\)/;

/** The pager of a grid: its page links and the page shown (a `<span>`, not a link). */
export function readPager($: Html, grid: AnyNode): { target: string | null; links: number[]; current: number | null } {
  const pager = ownRows($, grid).filter((tr) => $(tr).find('table').length > 0 || $(tr).hasClass('pager'));
  let target: string | null = null;
  const links: number[] = [];
  let current: number | null = null;
  for (const tr of pager) {
    $(tr)
      .find('a[href]')
      .each((_, a) => {
        const m = POSTBACK.exec($(a).attr('href') ?? '');
        if (!m) return;
        target = m[1]!;
        links.push(Number(m[2]));
      });
    const span = $(tr)
      .find('span')
      .filter((_, s) => /^\d+$/.test($(s).text().trim()));
    if (span.length) current = Number(span.first().text().trim());
  }
  return { target, links, current };
}

export function readBulletinLabel($: Html, parser: string): BulletinDates | null {
  const labels = findBulletinLabels(
    $('body')
      .text()
      .replace(/[\s\u00a0]+/g, ' '),
    parser,
  );
  const first = labels[0];
  if (!first) return null;
  if (labels.some((l) => l.bulletinDay !== first.bulletinDay || l.dataDay !== first.dataDay)) {
    throw new LayoutError(
      parser,
      `pages of different bulletins: ${[...new Set(labels.map((l) => l.bulletinDay))].join(', ')}`,
    );
  }
  return first;
}

export function readHksGrid(html: string, requestedDay: Day | null = null): HksGridRead {
  const $ = cheerio.load(html);
  // Inline scripts are not the page's text (the label is looked for in the text).
  $('script, style').remove();
  const grids = $(GRID_SELECTOR).toArray();
  const none: HksGridRead = {
    document: { rows: [], bulletinDays: [] },
    products: [],
    lines: 0,
    pagerRows: 0,
    pages: grids.length,
    bulletinDay: null,
  };
  if (grids.length === 0) {
    // The search form without a grid: HKS has no list for that day.
    if ($(DATE_FIELD_SELECTOR).length > 0) return none;
    throw new LayoutError(PARSER, 'neither the price grid nor the date form');
  }
  const lines: HksLine[] = [];
  let pagerRows = 0;
  grids.forEach((grid, index) => {
    const page = readPager($, grid).current ?? index + 1;
    const read = readTable($, grid, PARSER, (row) => `page ${page} row ${row}`);
    // (a grid without a header holds no line: readTable throws on data before a header, so an
    // empty grid, EmptyDataText, adds nothing)
    lines.push(...read.lines);
    pagerRows += read.pagerRows;
  });
  if (lines.length === 0) return { ...none, pagerRows };
  const label = readBulletinLabel($, PARSER);
  const dataDay = label?.dataDay ?? requestedDay;
  if (!dataDay) throw new LayoutError(PARSER, 'no Bülten Tarihi label and no requested day');
  const products = aggregateLines(lines, dataDay);
  return {
    document: { rows: products.map((p) => p.row), bulletinDays: [dataDay] },
    products,
    lines: lines.length,
    pagerRows,
    pages: grids.length,
    bulletinDay: label?.bulletinDay ?? null,
  };
}

export function parseHksGrid(document: SourceDocument): ParsedDocument {
  return readHksGrid(new TextDecoder('utf-8').decode(document.bytes), document.requestedDay ?? null).document;
}

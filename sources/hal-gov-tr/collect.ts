/**
 * Live collection of one HKS bulletin: the ASP.NET postback flow of
 * `https://www.hal.gov.tr/Sayfalar/FiyatDetaylari.aspx`.
 *
 * 1. GET the page: the form's hidden fields (`__VIEWSTATE`, `__VIEWSTATEGENERATOR`,
 *    `__EVENTVALIDATION`, SharePoint's `__REQUESTDIGEST` …), the date field `…$dateControlDate`
 *    and the button `…$btnGet` ("Fiyat Bul").
 * 2. POST those fields with the bulletin date DD.MM.YYYY and the button: page 1 of the grid.
 * 3. While the pager links `Page$N+1`: POST `__EVENTTARGET=<grid UniqueID>` (read from the
 *    pager's `__doPostBack('…$gvFiyatlar','Page$N')`), `__EVENTARGUMENT=Page$N+1`, with the
 *    hidden fields of the page just received (each answer carries a new `__VIEWSTATE`) and the
 *    date still in its field, as a browser sends them.
 *
 * The bulletin dated D holds the data of D−1, so the data day ctx.day is asked as ctx.day + 1.
 * A page without its closing `</html>` was cut short and is refused: its grid would lose lines,
 * and a product's average would be of part of its lines.
 * The pages are stored as ONE document, their bytes one after another, unchanged: the lines of a
 * product straddle a page break often (17 of the 260 products of the 2026-04-21 bulletin), and
 * a document per page would give those products two different partial averages for one day.
 */
import * as cheerio from 'cheerio';
import { addDays } from '../../core/dates.ts';
import { LayoutError, type CollectContext, type Collected, type Parser } from '../types.ts';
import { assertWholePage } from '../lib/html.ts';
import type { HttpResponse } from '../lib/http.ts';
import { dottedDay } from './dates.ts';
import { DATE_FIELD_SELECTOR, GRID_SELECTOR, PARSER, readBulletinLabel, readHksGrid, readPager } from './grid.ts';

export const PAGE_URL = 'https://www.hal.gov.tr/Sayfalar/FiyatDetaylari.aspx';
/** a bulletin has had 18 pages of 25 lines; far more means the pager is not what we know */
const MAX_PAGES = 100;

type FormPage = { $: cheerio.CheerioAPI; hidden: Record<string, string>; dateField: string };

function formPage(response: HttpResponse, what: string): FormPage {
  const text = new TextDecoder('utf-8').decode(response.bytes);
  assertWholePage(text, PARSER, what);
  const $ = cheerio.load(text);
  const hidden: Record<string, string> = {};
  $('input[type="hidden"][name]').each((_, input) => {
    hidden[$(input).attr('name')!] = $(input).attr('value') ?? '';
  });
  const dateField = $(DATE_FIELD_SELECTOR).attr('name');
  if (hidden.__VIEWSTATE === undefined || !dateField)
    throw new LayoutError(PARSER, `${what}: no __VIEWSTATE or no date field`);
  return { $, hidden, dateField };
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export async function collectBulletin(ctx: CollectContext, parser: Parser): Promise<Collected[]> {
  const bulletinDate = dottedDay(addDays(ctx.day, 1));
  const headers = { referer: PAGE_URL };
  const start = formPage(await ctx.http.request(PAGE_URL, { method: 'GET' }), 'GET');
  const button = start.$('input[name$="btnGet"]');
  const buttonName = button.attr('name');
  if (!buttonName) throw new LayoutError(PARSER, 'GET: no "Fiyat Bul" button');
  const firstForm = {
    ...start.hidden,
    __EVENTTARGET: '',
    __EVENTARGUMENT: '',
    [start.dateField]: bulletinDate,
    [buttonName]: button.attr('value') ?? 'Fiyat Bul',
  };
  let response = await ctx.http.request(PAGE_URL, { method: 'POST', form: firstForm, headers });
  let page = formPage(response, `bulletin ${bulletinDate}`);
  if (page.$(GRID_SELECTOR).length === 0 || readHksGrid(page.$.html()).lines === 0) {
    return [{ none: `HKS has no bulletin dated ${bulletinDate} (data of ${ctx.day})` }];
  }
  const label = readBulletinLabel(page.$, PARSER);
  const responses = [response];
  for (let n = 2; ; n++) {
    const pager = readPager(page.$, page.$(GRID_SELECTOR)[0]!);
    if (!pager.links.includes(n)) break;
    if (!pager.target) throw new LayoutError(PARSER, `page ${n - 1}: pager without a postback target`);
    if (n > MAX_PAGES) throw new LayoutError(PARSER, `more than ${MAX_PAGES} pages`);
    const form = {
      ...page.hidden,
      __EVENTTARGET: pager.target,
      __EVENTARGUMENT: `Page$${n}`,
      [page.dateField]: bulletinDate,
    };
    response = await ctx.http.request(PAGE_URL, { method: 'POST', form, headers });
    page = formPage(response, `page ${n}`);
    const shown = page.$(GRID_SELECTOR)[0];
    const current = shown ? readPager(page.$, shown).current : null;
    // A postback that lost the date answers with another bulletin or page: never mix them.
    if (current !== n) throw new LayoutError(PARSER, `asked for page ${n}, got page ${current ?? 'none'}`);
    const pageLabel = readBulletinLabel(page.$, PARSER);
    if (pageLabel?.bulletinDay !== label?.bulletinDay)
      throw new LayoutError(
        PARSER,
        `page ${n} is of bulletin ${pageLabel?.bulletinDay}, page 1 of ${label?.bulletinDay}`,
      );
    responses.push(response);
  }
  ctx.log(`hal-gov-tr: bulletin ${bulletinDate}, ${responses.length} pages`);
  const first = responses[0]!;
  return [
    {
      document: {
        url: PAGE_URL,
        fetchedAt: responses.at(-1)!.fetchedAt,
        contentType: first.contentType,
        bytes: concatBytes(responses.map((r) => r.bytes)),
        requestedDay: ctx.day,
      },
      parser,
    },
  ];
}

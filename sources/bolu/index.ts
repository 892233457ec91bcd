import { LayoutError, type SourceAdapter } from '../types.ts';
import { documentOf, PAGE_ACCEPT } from '../lib/collect.ts';
import { loadHtml } from '../lib/html.ts';
import { HALL_DEFAULTS, unprovenNote } from '../lib/definition.ts';
import { boluWeeklyTable, postDay } from './parser.ts';

export const BOLU_CATEGORY_URL = 'https://www.bolu.bel.tr/category/halfiyatlari/';

/** The newest list post linked from the category page, by the date in its URL (not page order). */
export function newestPost(categoryHtml: Uint8Array, base = BOLU_CATEGORY_URL): { url: string; day: string } {
  const $ = loadHtml(categoryHtml);
  let newest: { url: string; day: string } | null = null;
  for (const a of $('a[href]').toArray()) {
    let url: string;
    try {
      url = new URL($(a).attr('href')!, base).href;
    } catch {
      continue; // an href that is not a URL links to no post
    }
    const day = postDay(url);
    if (day && (!newest || day > newest.day)) newest = { url, day };
  }
  if (!newest)
    throw new LayoutError('bolu-category', 'no link to a …/DD-MM-YYYY-(toptanci-hal|haftalik)-fiyat-listesi/ post');
  return newest;
}

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'bolu',
    number: 25,
    name: 'Bolu Belediyesi Toptancı Hal Fiyat Listesi',
    organisation: 'Bolu Belediyesi',
    url: BOLU_CATEGORY_URL,
    method: `GET ${BOLU_CATEGORY_URL} → newest post …/DD-MM-YYYY-(toptanci-hal-fiyat-listesi|haftalik-fiyat-listesi)/ → its last table (12 columns, two products per row)`,
    attribution: 'Kaynak: Bolu Belediyesi',
    // Weekly, on Thursday or Friday. Freshness counts the publishing weekdays after the last
    // data day (the date in the post URL). With Thursday, a list dated Thursday or Friday is
    // never counted late during its week, and a Friday list costs at most one delayed build;
    // with Friday, a list dated Thursday would read as one day late from the next day on.
    publishingDays: [4],
    note: unprovenNote(
      'Weekly (Thursday or Friday; the calendar says Thursday so that a Thursday list is not counted late). ' +
        'The data day is the date in the post URL; lira and kuruş stand in separate cells; no average is printed (midpoint).',
    ),
    markets: [
      { slug: 'bolu-sebze-meyve', name: 'Bolu Toptancı Hali', province: 'Bolu', district: null, kind: 'sebze-meyve' },
    ],
  },
  async collect({ http, log }) {
    const accept = { accept: PAGE_ACCEPT };
    const category = await http.request(BOLU_CATEGORY_URL, { headers: accept });
    const post = newestPost(category.bytes, category.url);
    log(`bolu: newest list post ${post.url} (${post.day})`);
    const response = await http.request(post.url, { headers: { ...accept, referer: BOLU_CATEGORY_URL } });
    return [{ document: documentOf(response, post.day), parser: boluWeeklyTable }];
  },
};

/**
 * Live collection. The public page `…/tr/istatistik/124/hal-fiyatlari.html` carries, in an inline
 * script, the fixed public tokens its own AJAX call sends (`obj.tUsr = "…"`, `obj.tPas`,
 * `obj.tVal`); they are read from the page on every run, so a rotation is followed and a page
 * without them is a changed layout. Then one GET per category:
 * `gunluk_fiyatlar.asp?tarih=DD.MM.YYYY&kategori=5|6|7&tUsr&tPas&tVal&HalTurId=2` (HalTurId 2 =
 * the Bayrampaşa hall), Referer the page. The list for day D is complete only after D (empty
 * until the night), so the nightly run asks for D−1 (dataLagDays 1).
 */
import type { Day } from '../../core/dates.ts';
import { LayoutError, type CollectContext, type Collected, type SourceDocument } from '../types.ts';
import { istanbulIbbHtml } from './parsers.ts';
import { GROUPS, KATEGORI_OF_GROUP, type IbbGroup } from './table.ts';

export const PAGE_URL = 'https://tarim.ibb.istanbul/tr/istatistik/124/hal-fiyatlari.html';
export const ENDPOINT = 'https://tarim.ibb.istanbul/inc/halfiyatlari/gunluk_fiyatlar.asp';
const HAL_TUR_ID = '2';

export type Tokens = { tUsr: string; tPas: string; tVal: string };

/** `obj.tUsr = "…";` in the page's script (single or double quotes). */
export function readTokens(page: string): Tokens {
  const grab = (key: keyof Tokens) => new RegExp(`obj\\.${key}\\s*=\\s*(["'])([^"'\\s]+)\\1`).exec(page)?.[2];
  const tokens = { tUsr: grab('tUsr'), tPas: grab('tPas'), tVal: grab('tVal') };
  const missing = Object.entries(tokens)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) throw new LayoutError('istanbul-ibb-page', `${PAGE_URL} no longer carries ${missing.join(', ')}`);
  return tokens as Tokens;
}

/** `2024-03-14` → `14.03.2024`, the endpoint's date format. */
export function dottedDay(day: Day): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

export function fragmentUrl(day: Day, group: IbbGroup, tokens: Tokens): string {
  const query = new URLSearchParams({
    tarih: dottedDay(day),
    kategori: KATEGORI_OF_GROUP[group],
    ...tokens,
    HalTurId: HAL_TUR_ID,
  });
  return `${ENDPOINT}?${query}`;
}

export async function collectIstanbulIbb({ day, http, log }: CollectContext): Promise<Collected[]> {
  const page = await http.request(PAGE_URL, { headers: { accept: 'text/html' } });
  const tokens = readTokens(new TextDecoder('utf-8').decode(page.bytes));
  const collected: Collected[] = [];
  for (const group of GROUPS) {
    const response = await http.request(fragmentUrl(day, group, tokens), {
      headers: { accept: 'text/html, */*', referer: PAGE_URL },
    });
    const document: SourceDocument = {
      url: response.url,
      fetchedAt: response.fetchedAt,
      contentType: response.contentType,
      bytes: response.bytes,
      requestedDay: day,
    };
    // Parsed here only to tell the empty table (no list) from a list; a changed layout throws.
    const rows = istanbulIbbHtml.parse(document).rows.length;
    log(`istanbul-ibb ${group} ${day}: ${rows} rows`);
    collected.push(
      rows === 0
        ? { none: `${group} (kategori ${KATEGORI_OF_GROUP[group]}): empty table, no list for ${day}` }
        : { document, parser: istanbulIbbHtml },
    );
  }
  return collected;
}

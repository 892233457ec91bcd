import type { Day } from '../../core/dates.ts';
import type { Collected, Parser, SourceAdapter, SourceDocument } from '../types.ts';
import { HALL_DEFAULTS, sebzeMeyveMarket } from '../lib/definition.ts';
import { ankaraArchive } from './archive.ts';
import { ANKARA_TYPES, PAGE_URL } from './live-html.ts';
import { readCsrfToken } from './page-head.ts';
import { ankaraHtml } from './parsers.ts';

/** `2026-02-18` → `18.02.2026`, the date the page's form takes. */
export function dottedDay(day: Day): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/**
 * "Kayıtlı veri bulunamadı" (no list that day) is reported as `none`. A page the parser cannot
 * read is returned as a document all the same, so the run keeps it as evidence when it fails.
 */
function saysNoList(parser: Parser, document: SourceDocument): boolean {
  try {
    return parser.parse(document).rows.length === 0;
  } catch {
    return false;
  }
}

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'ankara',
    number: 3,
    name: 'Ankara Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Ankara Büyükşehir Belediyesi',
    url: PAGE_URL,
    method:
      'GET https://www.ankara.bel.tr/hal-fiyatlari (session cookie + csrf-token meta), then POST the same URL form date=DD.MM.YYYY&type=vegetable|fruit|imported|fish&_token=… with X-CSRF-TOKEN (HTML table)',
    attribution: 'Kaynak: Ankara Büyükşehir Belediyesi',
    // Assumption: the page lists Monday to Saturday; the scraper database also has Sunday rows,
    // which mostly repeat Saturday's list.
    publishingDays: [1, 2, 3, 4, 5, 6],
    verification: 'verified',
    note: 'Ankara Toptancı Hali (fruit and vegetables) and the fish hall. Cloudflare in front: a 403 means blocked. Fish is priced per crate (`Kasa (10 Kğ)…`), normalised per kg by the stated weight; no average is printed (midpoint). Publishing days Monday–Saturday are an assumption. Real data: a scraper store of the page, 2025-05-29 … 2026-02-28 (168 days); the live table parser is tested on fixtures built from that store.',
    markets: [
      sebzeMeyveMarket('ankara-sebze-meyve', 'Ankara Toptancı Hali', 'Ankara'),
      { slug: 'ankara-balik', name: 'Ankara Balık Hali', province: 'Ankara', district: null, kind: 'balik' },
    ],
  },
  archive: ankaraArchive,
  async collect({ day, http }) {
    // GET for the session cookie (the client keeps it per host) and the csrf token.
    const page = await http.request(PAGE_URL, { headers: { accept: 'text/html' } });
    const token = readCsrfToken(page.bytes);
    const collected: Collected[] = [];
    for (const type of ANKARA_TYPES) {
      const form = { _token: token, date: dottedDay(day), type };
      const headers = {
        accept: 'text/html',
        'X-CSRF-TOKEN': token,
        Referer: PAGE_URL,
        Origin: 'https://www.ankara.bel.tr',
      };
      const response = await http.request(PAGE_URL, { method: 'POST', form, headers });
      // Four answers share one URL: the fragment records which form each one answers.
      const url = `${response.url}#date=${form.date}&type=${type}`;
      const document = {
        url,
        fetchedAt: response.fetchedAt,
        contentType: response.contentType,
        bytes: response.bytes,
        requestedDay: day,
      };
      const parser = ankaraHtml(type);
      collected.push(
        saysNoList(parser, document)
          ? { none: `${type}: no list for ${form.date} (Kayıtlı veri bulunamadı)` }
          : { document, parser },
      );
    }
    return collected;
  },
};

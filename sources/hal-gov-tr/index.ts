import type { SourceAdapter } from '../types.ts';
import { HALL_DEFAULTS } from '../lib/definition.ts';
import { halGovTrArchive } from './archive.ts';
import { collectBulletin, PAGE_URL } from './collect.ts';
import { halGovTrGrid } from './parsers.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'hal-gov-tr',
    number: 5,
    name: 'Hal Kayıt Sistemi (HKS) Fiyat Detayları',
    organisation: 'T.C. Ticaret Bakanlığı',
    kind: 'national',
    url: PAGE_URL,
    method:
      'ASP.NET postback: GET https://www.hal.gov.tr/Sayfalar/FiyatDetaylari.aspx (hidden fields __VIEWSTATE, __VIEWSTATEGENERATOR, __EVENTVALIDATION), POST the bulletin date DD.MM.YYYY with "Fiyat Bul", then POST __EVENTTARGET=<gvFiyatlar UniqueID>, __EVENTARGUMENT=Page$N for each further page; an Excel export (UTF-16 HTML) exists',
    attribution: 'Kaynak: T.C. Ticaret Bakanlığı Hal Kayıt Sistemi',
    // Assumption: whether HKS publishes a bulletin on Sundays is not known.
    publishingDays: [1, 2, 3, 4, 5, 6],
    dataLagDays: 1,
    verification: 'verified',
    note: "National figures of every hall recorded in HKS since 2017. HKS prints one line per product × cinsi × türü (Geleneksel/İyi Tarım/Organik) with an average price and a traded volume; the price published here is the volume-weighted average of a product's lines, Σ(fiyat×hacim)/Σ(hacim) rounded to kuruş (the plain mean when no line has volume), with no min/max. GridView pager rows are rejected. The bulletin dated D holds the data of D−1. One real bulletin (a scraper's JSON of 2026-04-21) proves the JSON parser; the page and Excel-export parsers are tested on fixtures constructed from that bulletin's lines, not on a real page. Publishing days Monday–Saturday are an assumption.",
    markets: [
      {
        slug: 'hal-gov-tr-turkiye',
        name: 'Türkiye ortalaması (Hal Kayıt Sistemi)',
        province: 'Türkiye',
        district: null,
        kind: 'ulusal',
      },
    ],
  },
  archive: halGovTrArchive,
  collect: (ctx) => collectBulletin(ctx, halGovTrGrid),
};

import { LayoutError, type SourceAdapter } from '../types.ts';
import { documentOf, dottedDay } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { antalyaArchive } from './archive.ts';
import { antalyaPdfParser, PDF_PARSER } from './parser.ts';

export const ANTALYA_API = 'https://gezipanel.antalya.bel.tr/Methods.aspx/GetGunlukHalFiyatPdf';

type PdfAnswer = { PdfUrl?: unknown; PdfDate?: unknown; Mesaj?: unknown };

/** `{d:{PdfUrl, PdfDate, Mesaj}}`; an ASP.NET page method may also send `d` as a JSON string. */
function pdfAnswer(body: string): PdfAnswer {
  let d: unknown;
  try {
    d = (JSON.parse(body) as { d?: unknown } | null)?.d;
    if (typeof d === 'string') d = JSON.parse(d);
  } catch {
    throw new LayoutError(PDF_PARSER, 'GetGunlukHalFiyatPdf: answer is not JSON');
  }
  if (typeof d !== 'object' || d === null || !('PdfUrl' in d))
    throw new LayoutError(PDF_PARSER, 'GetGunlukHalFiyatPdf: no d.PdfUrl');
  return d as PdfAnswer;
}

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'antalya',
    number: 6,
    name: 'Antalya Büyükşehir Belediyesi Günlük Hal Fiyat Listesi',
    organisation: 'Antalya Büyükşehir Belediyesi',
    url: ANTALYA_API,
    method: `POST ${ANTALYA_API} JSON {tarih: "DD.MM.YYYY"} → {d:{PdfUrl, PdfDate, Mesaj}}, then GET the PDF (two columns idx · name · unit · min · max)`,
    attribution: 'Kaynak: Antalya Büyükşehir Belediyesi',
    note: unprovenNote(
      'The bulletin is a PDF, read with pdf.js (compressed streams and embedded-font text included); ' +
        'the text parser (title [ANTALYA TOPTANCI HALİ] GÜNLÜK FİYAT LİSTESİ DD.MM.YYYY, sections SEBZELER/MEYVELER/İTHAL ÜRÜNLER, ' +
        'two columns, 0 = no quote) reads the real bulletin of 08.09.2026 as text pdftotext extracted (87 rows), ' +
        'which is not the live path: how pdf.js lines up a real bulletin PDF is tested on constructed PDFs only. ' +
        'The date format of the request (DD.MM.YYYY) is assumed. Publishing is described as daily; backfill is possible. ' +
        'Archive: DERIVED, not the bulletin: a scraper’s daily record (Rizakarakaya7/Tarim_pulse_pro) of the values the ' +
        'municipal page showed for 24 products, 2023-01-01 … 2025-12-31; it proves nothing of the PDF parser. ' +
        'Days on which the scraper copied the previous day’s table are repeats of that list, not new lists.',
    ),
    markets: [sebzeMeyveMarket('antalya-sebze-meyve', 'Antalya Sebze ve Meyve Toptancı Hali', 'Antalya')],
  },
  archive: antalyaArchive,
  async collect({ day, http, log }) {
    const api = await http.request(ANTALYA_API, {
      method: 'POST',
      json: { tarih: dottedDay(day) },
      headers: { accept: 'application/json' },
    });
    const answer = pdfAnswer(new TextDecoder().decode(api.bytes));
    const pdfUrl = typeof answer.PdfUrl === 'string' ? answer.PdfUrl.trim() : '';
    if (!pdfUrl)
      return [
        {
          none: `antalya: no PDF for ${day}${typeof answer.Mesaj === 'string' && answer.Mesaj ? ` (${answer.Mesaj})` : ''}`,
        },
      ];
    log(`antalya: PDF ${pdfUrl} dated ${String(answer.PdfDate)}`);
    const pdf = await http.request(new URL(pdfUrl, ANTALYA_API).href, {
      method: 'GET',
      headers: { accept: 'application/pdf' },
    });
    const document = documentOf(pdf, day);
    return [{ document, parser: await antalyaPdfParser(document.bytes) }];
  },
};

import type { Collected, Parser, SourceAdapter, SourceDocument } from '../adapter.ts';
import { ESKISEHIR_URL, eskisehirHtml } from './parser.ts';

/**
 * A page that parses to no row is "no list" (an empty document would count as a good run); a
 * page that does not parse is handed on, so the scrape keeps it as evidence and marks it broken.
 */
function documentOrNone(document: SourceDocument, parser: Parser, none: string): Collected {
  try {
    if (parser.parse(document).rows.length === 0) return { none };
  } catch {
    // the scrape parses it again and classifies the error
  }
  return { document, parser };
}

export const adapter: SourceAdapter = {
  definition: {
    key: 'eskisehir',
    number: 10,
    name: 'Eskişehir Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Eskişehir Büyükşehir Belediyesi',
    kind: 'municipal',
    url: ESKISEHIR_URL,
    method: `GET ${ESKISEHIR_URL} (HTML table Ürün Adı · Cinsi · Tür · Max · Min · Avg; no date parameter)`,
    licence: null,
    attribution: 'Kaynak: Eskişehir Büyükşehir Belediyesi',
    publishingDays: [1, 2, 3, 4, 5, 6],
    publishWindow: null,
    dataLagDays: 0,
    enabled: true,
    verification: 'unverified',
    note:
      'Built from the published description; no real document has proven the parser yet. ' +
      'Max is printed before Min (mapped by header) and an average is reported. Turkish letters come as HTML numeric entities. ' +
      'Cinsi is read as the variety and joined to the name; Tür is kept as the group. No unit is printed (read as kg) and no date ' +
      '(the list of the day collected). The list was frozen from 2023-04 to 2026-04. Publishing days are not described: Monday to Saturday assumed.',
    markets: [{ slug: 'eskisehir-sebze-meyve', name: 'Eskişehir Sebze ve Meyve Hali', province: 'Eskişehir', district: null, kind: 'sebze-meyve' }],
  },
  async collect({ day, http }) {
    const response = await http.request(ESKISEHIR_URL, { method: 'GET', headers: { accept: 'text/html' } });
    const document = { url: response.url, fetchedAt: response.fetchedAt, contentType: response.contentType, bytes: response.bytes, requestedDay: day };
    return [documentOrNone(document, eskisehirHtml, `eskisehir: empty table on ${day}`)];
  },
};

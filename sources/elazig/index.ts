import { LayoutError, type SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, sebzeMeyveMarket } from '../lib/definition.ts';
import { elazigList, elazigListFingerprint } from './parser.ts';

export const ELAZIG_URL = 'https://www.elazig.bel.tr/hal-fiyatlari/';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'elazig',
    number: 17,
    name: 'Elazığ Belediyesi Hal Fiyatları',
    organisation: 'Elazığ Belediyesi',
    url: ELAZIG_URL,
    method: `GET ${ELAZIG_URL} (HTML list ul#halfiyat: name, min, max; no date on the page)`,
    attribution: 'Kaynak: Elazığ Belediyesi',
    // A real list (its block as served) proves the parser: tests/fixtures/elazig/README.md.
    verification: 'verified',
    note:
      'The page prints no date: the data day is the requested day and a new list is told from an old one by its content ' +
      '(an unchanged page is the same document to the pipeline, which deduplicates by sha256). ' +
      'No unit is printed; prices are taken as per kg. 0 on the page (0, 0.0, 0.00, 0,00, 00,00) means no quote. ' +
      'Decimal points and commas are mixed, even within a row; a row printing min above max is swapped and flagged. ' +
      'Real document: the list block of 2026-09-08 (129 entries, a public repository’s copy) proves the parser; ' +
      'publishing days are assumed (Monday to Saturday).',
    markets: [sebzeMeyveMarket('elazig-sebze-meyve', 'Elazığ Sebze ve Meyve Hali', 'Elazığ')],
  },
  async collect({ day, http, log }) {
    const document = await fetchPage(http, ELAZIG_URL, { requestedDay: day });
    // Dateless page: the content fingerprint says whether the list changed, even when the
    // page around it did not stay byte-identical. The document is returned either way; a page
    // we cannot read goes on to the parser, whose LayoutError keeps it as evidence.
    try {
      const fingerprint = elazigListFingerprint(document.bytes);
      log(`elazig: ${fingerprint.items} items, list fingerprint ${fingerprint.sha256.slice(0, 12)}`);
    } catch (error) {
      if (!(error instanceof LayoutError)) throw error;
      log(`elazig: no fingerprint (${error.message})`);
    }
    return [{ document, parser: elazigList }];
  },
};

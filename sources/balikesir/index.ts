import { LayoutError, type SourceAdapter } from '../types.ts';
import { documentOf, documentOrNone, dottedDay } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { BALIKESIR_LIST, BALIKESIR_PAGE, balikesirHtml, PARSER, verificationToken } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'balikesir',
    number: 15,
    name: 'Balıkesir Büyükşehir Belediyesi Hal ve Pazar Fiyatları',
    organisation: 'Balıkesir Büyükşehir Belediyesi',
    url: BALIKESIR_PAGE,
    method:
      `GET ${BALIKESIR_PAGE} (session cookie, __RequestVerificationToken), then POST ${BALIKESIR_LIST} ` +
      'form BasT=DD.MM.YYYY&BitT=DD.MM.YYYY&UrunAd=&HalAd=&TurAd=1 (HTML table Ürün/Tür · Birimi · Hal/Pazar · En Düşük · En Yüksek · BaşTarih · BitTarih)',
    attribution: 'Kaynak: Balıkesir Büyükşehir Belediyesi',
    note: unprovenNote(
      'The list spans several halls, printed per row (Hal/Pazar); the description names none, so every row goes to the one market ' +
        'balikesir-merkez with the printed hall as its group, and one product quoted by several halls on a day appears as repeated rows. ' +
        'Data day: BaşTarih when it equals BitTarih; for a longer period, the requested day when the period holds it; otherwise the page is treated as changed. ' +
        'Backfill is possible (one day per request). Publishing days are not described: Monday to Saturday assumed.',
    ),
    markets: [sebzeMeyveMarket('balikesir-merkez', 'Balıkesir Sebze ve Meyve Halleri', 'Balıkesir')],
  },
  async collect({ day, http }) {
    // The GET opens the session (the client keeps its cookie per host) and carries the token.
    const page = await http.request(BALIKESIR_PAGE, { method: 'GET', headers: { accept: 'text/html' } });
    const token = verificationToken(new TextDecoder().decode(page.bytes));
    if (!token) throw new LayoutError(PARSER, 'no __RequestVerificationToken on the search page');
    const response = await http.request(BALIKESIR_LIST, {
      method: 'POST',
      form: {
        BasT: dottedDay(day),
        BitT: dottedDay(day),
        UrunAd: '',
        HalAd: '',
        TurAd: '1',
        __RequestVerificationToken: token,
      },
      headers: { referer: BALIKESIR_PAGE, 'x-requested-with': 'XMLHttpRequest', accept: 'text/html, */*; q=0.01' },
    });
    return [documentOrNone(documentOf(response, day), balikesirHtml, `balikesir: no rows for ${day}`)];
  },
};

/**
 * Three sources as the fault server plays them, from their saved documents: İzmir's JSON API
 * (tests/fixtures/izmir), Ankara's page with its token step (the real page head of
 * data/sources/ankara, then the table answers of tests/fixtures/ankara, a session cookie and the
 * csrf token checked on every POST) and HKS's ASP.NET postbacks (tests/fixtures/hal-gov-tr).
 *
 * A site serves its list `as printed` (the saved documents unchanged, whatever day is asked),
 * `redated` (the same list under the requested day: a new bulletin with the same prices, as a
 * source that repeats itself prints it) or `asOf` a given data day (a source answering with an
 * earlier bulletin). `isList` names the requests that fetch the list (İzmir's
 * fruit and vegetable feed, every POST of Ankara and HKS): the ones a fault replaces.
 */
import { readFileSync } from 'node:fs';
import { addDays, type Day } from '../../core/dates.ts';
import type { SourceAdapter } from '../../sources/types.ts';
import { adapter as ankara } from '../../sources/ankara/index.ts';
import { adapter as hks } from '../../sources/hal-gov-tr/index.ts';
import { adapter as izmir } from '../../sources/izmir/index.ts';
import type { Answer, SiteRequest } from './fault-server.ts';

/** The saved list unchanged, under the requested day, or under a given data day. */
export type ListMode = 'as printed' | 'redated' | { asOf: Day };

export type Site = {
  name: string;
  adapter: SourceAdapter;
  /** the data day of the saved documents */
  day: Day;
  isList(req: SiteRequest): boolean;
  serve(req: SiteRequest, mode: ListMode): Answer;
  /** what the site answers when it has no list that day, from its saved documents */
  emptyList(req: SiteRequest): Answer;
  /** the site after renaming the key the adapter looks its data up by; null: it answers as usual */
  renamedKey(req: SiteRequest): Answer | null;
};

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url));
const text = (path: string) => read(path).toString('utf8');
const dotted = (day: Day) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const fromDotted = (d: string): Day => `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}`;
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const HTML_TYPE = { 'content-type': 'text/html; charset=UTF-8' };

const IZMIR_LIST = text('tests/fixtures/izmir/sebzemeyve-2026-07-23.json');
const izmirDay = (req: SiteRequest): Day => req.url.slice(-10);

export const IZMIR: Site = {
  name: 'İzmir (JSON API)',
  adapter: izmir,
  day: '2026-07-23',
  isList: (req) => req.url.includes('/sebzemeyve/'),
  serve(req, mode) {
    if (!this.isList(req)) return { status: 204 };
    const day = mode === 'redated' ? izmirDay(req) : mode === 'as printed' ? this.day : mode.asOf;
    return { headers: JSON_TYPE, body: IZMIR_LIST.replace(`"${this.day}T00:00:00"`, `"${day}T00:00:00"`) };
  },
  emptyList: (req) => ({
    headers: JSON_TYPE,
    body: JSON.stringify({ BultenTarihi: `${izmirDay(req)}T00:00:00`, HalFiyatListesi: [] }),
  }),
  renamedKey: (req) =>
    req.url.includes('/sebzemeyve/')
      ? { headers: JSON_TYPE, body: IZMIR_LIST.replace('"HalFiyatListesi"', '"FiyatListesi"') }
      : null,
};

const ANKARA_HEAD = text('data/sources/ankara/response_truncated_head.html');
const ANKARA_TOKEN = 'NHVVU1U2WW9raGdlMC9idDNLMUR6QT09';
const ANKARA_SESSION = 'ankara_session=fault-server';
const ankaraTable = (type: string) => text(`tests/fixtures/ankara/${type}-2026-02-18.html`);

export const ANKARA: Site = {
  name: 'Ankara (HTML, token step)',
  adapter: ankara,
  day: '2026-02-18',
  isList: (req) => req.method === 'POST',
  serve(req, mode) {
    if (req.method === 'GET')
      return { headers: { ...HTML_TYPE, 'set-cookie': `${ANKARA_SESSION}; path=/; httponly` }, body: ANKARA_HEAD };
    // Laravel answers a POST without the session's token with 419 (page expired).
    if (
      req.form._token !== ANKARA_TOKEN ||
      req.headers['x-csrf-token'] !== ANKARA_TOKEN ||
      !String(req.headers.cookie).includes(ANKARA_SESSION)
    ) {
      return { status: 419, headers: HTML_TYPE, body: 'Page Expired' };
    }
    const day = mode === 'redated' ? req.form.date! : dotted(mode === 'as printed' ? this.day : mode.asOf);
    return { headers: HTML_TYPE, body: ankaraTable(req.form.type!).replaceAll(dotted(this.day), day) };
  },
  emptyList: () => ({ headers: HTML_TYPE, body: text('tests/fixtures/ankara/no-data.html') }),
  renamedKey: (req) =>
    req.method === 'GET'
      ? { headers: HTML_TYPE, body: ANKARA_HEAD.replace('name="csrf-token"', 'name="xsrf-token"') }
      : null,
};

const HKS_WP = 'ctl00$ctl37$g_7e86b8d6_3aea_47cf_b1c1_939799a091e0$';
const hksPage = (n: number) => text(`tests/fixtures/hal-gov-tr/grid-page-${String(n).padStart(2, '0')}.html`);
const HKS_BULLETIN = '22.04.2026';
const HKS_DATA = '21.04.2026';

export const HKS: Site = {
  name: 'HKS (ASP.NET postbacks)',
  adapter: hks,
  day: '2026-04-21',
  isList: (req) => req.method === 'POST',
  serve(req, mode) {
    if (req.method === 'GET') return { headers: HTML_TYPE, body: text('tests/fixtures/hal-gov-tr/form-get.html') };
    const asked = req.form[`${HKS_WP}dateControl$dateControlDate`] ?? '';
    const n =
      req.form[`${HKS_WP}btnGet`] === 'Fiyat Bul'
        ? 1
        : Number(/^Page\$(\d+)$/.exec(req.form.__EVENTARGUMENT ?? '')?.[1]);
    if (!(n >= 1 && n <= 18)) return { status: 500, body: 'unexpected postback' };
    // The bulletin dated D holds the data of D−1.
    const data = mode === 'redated' ? addDays(fromDotted(asked), -1) : mode === 'as printed' ? this.day : mode.asOf;
    const dates: Record<string, string> = { [HKS_BULLETIN]: dotted(addDays(data, 1)), [HKS_DATA]: dotted(data) };
    return { headers: HTML_TYPE, body: hksPage(n).replace(/22\.04\.2026|21\.04\.2026/g, (d) => dates[d]!) };
  },
  emptyList: () => ({ headers: HTML_TYPE, body: text('tests/fixtures/hal-gov-tr/no-bulletin.html') }),
  renamedKey: (req) =>
    req.method === 'GET'
      ? {
          headers: HTML_TYPE,
          body: text('tests/fixtures/hal-gov-tr/form-get.html').replaceAll('dateControlDate', 'dtBultenTarihi'),
        }
      : null,
};

export const SITES: readonly Site[] = [IZMIR, ANKARA, HKS];

/** The bytes of a plain answer (empty for a fault), for the faults that cut or stall a list. */
export function bodyOf(answer: Answer): Uint8Array {
  if ('fault' in answer || answer.body === undefined) return new Uint8Array();
  return typeof answer.body === 'string' ? new TextEncoder().encode(answer.body) : answer.body;
}

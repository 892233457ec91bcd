/**
 * Bursa's open-data API, `GET bapi.bursa.bel.tr/apigateway/acikveri/hal-fiyatlari`: today's list,
 * no date parameter. We hold no answer of the API itself for these nights, only the list a public
 * scraper kept of it each day (data/sources/bursa/nights/, its manifest.json naming each night's file,
 * taken at the nightly's moment). The answer is DERIVED: the API's documented shape
 * (sources/bursa/live-api.ts) filled with that list. A night before the first kept list answers an
 * empty list `[]`, our choice for a day without a list (the API's own is not known): `no_bulletin`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARCHIVE_ROOT } from '../../../sources/lib/archive.ts';
import { JSON_TYPE, type Site } from './site.ts';

/** A night of the manifest: the moment its file was taken (the nightly's hour) and the file. */
type Night = { moment: Date; file: string };
/** The scraper's list: prices by product name, as numbers, with the unit as printed. */
type KeptList = Record<string, { min: number | null; max: number | null; birim: string }>;

const NIGHTS = join(ARCHIVE_ROOT, 'bursa', 'nights');
const API = '/apigateway/acikveri/hal-fiyatlari';

/** The nights of nights/manifest.json, oldest first, each file checked against its SHA-256. */
function bursaNights(dir = NIGHTS): Night[] {
  const { nights } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    nights: { moment: string; file: string; sha256: string }[];
  };
  return nights
    .map((n) => {
      if (
        createHash('sha256')
          .update(readFileSync(join(dir, n.file)))
          .digest('hex') !== n.sha256
      )
        throw new Error(`bursa/nights/${n.file} does not match its sha256`);
      return { moment: new Date(n.moment), file: join(dir, n.file) };
    })
    .sort((a, b) => a.moment.getTime() - b.moment.getTime());
}

/** A price as the API prints it: a decimal comma and two decimals ("12,50"). */
const printed = (price: number | null) =>
  price === null ? null : price.toLocaleString('tr-TR', { minimumFractionDigits: 2, useGrouping: false });

/**
 * The API's answer `[{urun_ad, min, max, br}]` with the kept list's rows. The scraper keyed its list
 * by name, so a name the API lists with two units (Limon per kg and per Sandık) kept one of them.
 */
function bursaApiAnswer(list: KeptList): string {
  return JSON.stringify(
    Object.entries(list).map(([name, p]) => ({ urun_ad: name, min: printed(p.min), max: printed(p.max), br: p.birim })),
  );
}

export function bursaSite(nights: readonly Night[] = bursaNights()): Site {
  return {
    source: 'bursa',
    hosts: ['bapi.bursa.bel.tr'],
    answer(req, at) {
      if (req.url.pathname !== API) return { status: 404, body: '' };
      const served = nights.filter((n) => n.moment <= at).at(-1);
      return {
        headers: JSON_TYPE,
        body: served ? bursaApiAnswer(JSON.parse(readFileSync(served.file, 'utf8')) as KeptList) : '[]',
      };
    },
  };
}

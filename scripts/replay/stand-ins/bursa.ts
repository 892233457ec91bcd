/**
 * Bursa's open-data API, `GET bapi.bursa.bel.tr/apigateway/acikveri/hal-fiyatlari`: today's list,
 * no date parameter. Answered from data/sources/bursa/nights/ when it holds the JSON as served
 * each day (its manifest.json lists each document with the moment it was taken, `time`, and its
 * `file`): the newest document taken at or before the night's moment. Without that folder, every
 * night answers an empty list `[]`, our choice for a day without a list (the API's own answer to
 * one is not known): the adapter records `no_bulletin`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARCHIVE_ROOT } from '../../../sources/lib/archive.ts';
import { JSON_TYPE, type Site } from './site.ts';

type Night = { time: Date; file: string };
type Entry = { time?: string; file?: string; sha256?: string };

const NIGHTS = join(ARCHIVE_ROOT, 'bursa', 'nights');
const API = '/apigateway/acikveri/hal-fiyatlari';

/** The documents of nights/, oldest first; none when the folder is not there. */
function bursaNights(dir = NIGHTS): Night[] {
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return [];
  const json = JSON.parse(readFileSync(manifest, 'utf8')) as Entry[] | { documents?: Entry[]; nights?: Entry[] };
  const entries = Array.isArray(json) ? json : (json.documents ?? json.nights ?? []);
  return entries
    .map((e) => {
      const time = new Date(e.time ?? '');
      if (!e.file || Number.isNaN(time.getTime()))
        throw new Error(`bursa/nights/manifest.json: ${JSON.stringify(e)} lacks time or file`);
      const bytes = readFileSync(join(dir, e.file));
      if (e.sha256 && createHash('sha256').update(bytes).digest('hex') !== e.sha256)
        throw new Error(`bursa/nights/${e.file} does not match its sha256`);
      return { time, file: join(dir, e.file) };
    })
    .sort((a, b) => a.time.getTime() - b.time.getTime());
}

export function bursaSite(nights: readonly Night[] = bursaNights()): Site {
  return {
    source: 'bursa',
    hosts: ['bapi.bursa.bel.tr'],
    answer(req, at) {
      if (req.url.pathname !== API) return { status: 404, body: '' };
      const served = nights.filter((n) => n.time <= at).at(-1);
      return { headers: JSON_TYPE, body: served ? readFileSync(served.file) : '[]' };
    },
  };
}

/**
 * İzmir's JSON API, `GET openapi.izmir.bel.tr/api/ibb/halfiyatlari/{sebzemeyve|balik}/{YYYY-MM-DD}`,
 * answered from the 2026 rows of the API dump in data/sources/izmir/. DERIVED: the API's
 * documented shape filled with the published values, every field as the dump holds it (numbers
 * as printed there, `50.0` stays `50.0`), laid out as the API lays its answers out. For a day of
 * the dump this gives the API's answer byte for byte where we hold one to compare
 * (tests/fixtures/izmir/sebzemeyve-2026-07-23.json, in the test beside this file).
 *
 * A day without rows (Sundays, the days after the dump ends) and the fish feed, of which the dump
 * holds nothing, answer 204, the API's "no bulletin"; so does a day whose list is not out yet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Day } from '../../../core/dates.ts';
import { ARCHIVE_ROOT } from '../../../sources/lib/archive.ts';
import { parseCsv } from '../../../sources/lib/csv.ts';
import { JSON_TYPE, lastListedDay, type Site } from './site.ts';

const DUMP = join(ARCHIVE_ROOT, 'izmir', 'izbb-sebzemeyve-hal-fiyatlari-2026_api-derived.csv');
const FEED = /^\/api\/ibb\/halfiyatlari\/(sebzemeyve|balik)\/(\d{4}-\d{2}-\d{2})$/;

/** An item's fields in the API's order and the dump's column each comes from. */
const FIELDS = [
  ['MalAdi', 'MAL_ADI', 'text'],
  ['MalId', 'MalId', 'number'],
  ['MalTipId', 'MalTipId', 'number'],
  ['MalTipAdi', 'MAL_TIPI', 'text'],
  ['HalTuru', 'HAL_TURU', 'number'],
  ['Birim', 'BIRIM', 'text'],
  ['AsgariUcret', 'ASGARI_FIYAT', 'number'],
  ['AzamiUcret', 'AZAMI_FIYAT', 'number'],
  ['OrtalamaUcret', 'OrtalamaUcret', 'number'],
  ['Gorsel', 'Gorsel', 'text'],
] as const;

/** The dump's rows by day, each row's cells by column name. */
export function izmirDays(path = DUMP): Map<Day, Record<string, string>[]> {
  const [header, ...lines] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''), ',');
  const days = new Map<Day, Record<string, string>[]>();
  for (const cells of lines) {
    if (cells.length !== header!.length) continue;
    const row = Object.fromEntries(header!.map((name, i) => [name, cells[i]!]));
    const day = row.TARIH!;
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  return days;
}

const value = (cell: string | undefined, kind: 'text' | 'number') =>
  !cell ? 'null' : kind === 'number' ? cell : JSON.stringify(cell);

/** The API's answer for `day`: one-space indentation, a newline at the end. */
export function izmirAnswer(day: Day, rows: readonly Record<string, string>[]): string {
  const items = rows.map(
    (row) =>
      `  {\n${FIELDS.map(([field, column, kind]) => `   "${field}": ${value(row[column], kind)}`).join(',\n')}\n  }`,
  );
  return `{\n "BultenTarihi": "${day}T00:00:00",\n "HalFiyatListesi": [\n${items.join(',\n')}\n ]\n}\n`;
}

export function izmirSite(days: ReadonlyMap<Day, readonly Record<string, string>[]> = izmirDays()): Site {
  return {
    source: 'izmir',
    hosts: ['openapi.izmir.bel.tr'],
    answer(req, at) {
      const [, feed, day] = FEED.exec(req.url.pathname) ?? [];
      if (!feed || !day) return { status: 404, body: '' };
      const rows = feed === 'sebzemeyve' && day <= lastListedDay(at) ? days.get(day) : undefined;
      return rows ? { headers: JSON_TYPE, body: izmirAnswer(day, rows) } : { status: 204 };
    },
  };
}

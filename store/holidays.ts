/** The approved Turkish holiday calendar (see data/calendar/README.md). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDay } from '../core/dates.ts';
import { parseCsv } from '../sources/lib/csv.ts';

export type Holiday = { day: string; name: string; kind: 'national' | 'religious' | 'eve'; halfDay: boolean };

const FILE = fileURLToPath(new URL('../data/calendar/holidays-tr.csv', import.meta.url));

export function readHolidays(text = readFileSync(FILE, 'utf8')): Holiday[] {
  const [header, ...rows] = parseCsv(text);
  if (header?.join(',') !== 'day,name,kind,half_day')
    throw new Error('holidays-tr.csv: header must be day,name,kind,half_day');
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map(([day, name, kind, half], i) => {
      if (
        !day ||
        !isDay(day) ||
        !name ||
        !['national', 'religious', 'eve'].includes(kind ?? '') ||
        !['0', '1'].includes(half ?? '')
      ) {
        throw new Error(`holidays-tr.csv line ${i + 2}: ${[day, name, kind, half].join(',')}`);
      }
      return { day, name, kind: kind as Holiday['kind'], halfDay: half === '1' };
    });
}

/**
 * HKS dates. The page prints `Bülten Tarihi : 22.04.2026 (21.04.2026 Tarihli Veriler
 * Kullanılmıştır.)`: the bulletin dated D holds the trades of D−1 (dataLagDays 1), and the data
 * day is the date in parentheses. Scrapers keep a part of that label (`22.04.2026 (21.04.2026
 * Tarihli`).
 */
import { addDays, isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { LayoutError } from '../types.ts';

export type BulletinDates = { bulletinDay: Day; dataDay: Day; dataDayPrinted: boolean };

const DOTTED = String.raw`(\d{1,2}\.\d{1,2}\.\d{4})`;
const LABEL = new RegExp(String.raw`^\s*${DOTTED}\s*(?:\(\s*${DOTTED}\s*Tarihli)?`);

/**
 * `22.04.2026 (21.04.2026 Tarihli …` → bulletin 2026-04-22, data 2026-04-21. Without the
 * parenthesis the data day is the bulletin day − 1; a parenthesised day that is not the bulletin
 * day − 1 is a bulletin we do not understand (LayoutError). Null when no date leads the text.
 */
export function readBulletinDates(text: string, parser: string): BulletinDates | null {
  const m = LABEL.exec(text);
  if (!m) return null;
  const bulletinDay = parseDottedDay(m[1]!);
  if (!bulletinDay) throw new LayoutError(parser, `bulletin date ${JSON.stringify(m[1])} is not a day`);
  const expected = addDays(bulletinDay, -1);
  if (m[2] === undefined) return { bulletinDay, dataDay: expected, dataDayPrinted: false };
  const dataDay = parseDottedDay(m[2]);
  if (dataDay !== expected) {
    throw new LayoutError(parser, `bulletin ${m[1]} says its data are of ${m[2]}, not of the day before`);
  }
  return { bulletinDay, dataDay, dataDayPrinted: true };
}

/** Every `Bülten Tarihi :` label of a page's text (a document of several pages has several). */
export function findBulletinLabels(text: string, parser: string): BulletinDates[] {
  const found: BulletinDates[] = [];
  for (const m of text.matchAll(/B[üu]lten\s+Tarihi\s*:?/gi)) {
    const dates = readBulletinDates(text.slice(m.index + m[0].length, m.index + m[0].length + 200), parser);
    if (!dates) throw new LayoutError(parser, `unreadable label ${JSON.stringify(text.slice(m.index, m.index + 80))}`);
    found.push(dates);
  }
  return found;
}

/** DD.MM.YYYY of a day, as the HKS date field wants it. */
export function dottedDay(day: Day): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Istanbul', timeZoneName: 'longOffset' });

function istanbulOffsetMinutes(epochMs: number): number {
  const name = offsetFormat.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * A scraper's local timestamp `2026-04-22 21:38:40` (no zone: Europe/Istanbul wall time, the
 * scraper ran in Turkey's day) → ISO UTC `2026-04-22T18:38:40.000Z`. An explicit zone (`Z`,
 * `+03:00`) is honoured. Null for anything that is not a full date and time.
 */
export function istanbulTimestampToIso(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m || !isDay(m[1]!) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) return null;
  if (m[5]) {
    const ms = Date.parse(
      `${m[1]}T${m[2]}:${m[3]}:${m[4]}${m[5].length === 5 ? `${m[5].slice(0, 3)}:${m[5].slice(3)}` : m[5]}`,
    );
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  const wall = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  // Wall time minus the zone's offset at that moment (asked twice, for a change of offset).
  let utc = wall - istanbulOffsetMinutes(wall) * 60_000;
  utc = wall - istanbulOffsetMinutes(utc) * 60_000;
  return new Date(utc).toISOString();
}

/**
 * Truth over time. Files are built once a day with freshness as of their build day. When the
 * worker answers on a later day (the nightly run is late or failed), a row that said `fresh` or
 * `delayed` may have become `delayed` or `stale`: the worker re-ages every freshness block of a
 * JSON answer with the same rule (core/calendar.ts), never making anything fresher. Blocks that
 * are already stale, failed or unavailable keep their class and warnings.
 */
import { classByMissedDays, missedPublishingDays, type EdgeCalendars, type PublishingCalendar } from '../core/calendar.ts';
import { addDays, type Day } from '../core/dates.ts';
import type { ObjectStore } from './store.ts';

let cached: { at: number; value: EdgeCalendars | null } | null = null;
const CACHE_MS = 60_000;

/** Read once a minute per isolate: every request needs the build day. */
export async function readCalendars(store: ObjectStore, now = Date.now()): Promise<EdgeCalendars | null> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const object = await store.get('api/v1/_meta/calendars.json');
  cached = { at: now, value: object ? (JSON.parse(await object.text()) as EdgeCalendars) : null };
  return cached.value;
}

export function forgetCalendars(): void {
  cached = null;
}

/** The nightly build is late past 10:00 of the day after its build day, or from two days after. */
export function buildIsLate(buildDay: Day, today: Day, istanbulHour: number): boolean {
  return today >= addDays(buildDay, 2) || (today === addDays(buildDay, 1) && istanbulHour >= 10);
}

type Block = { dataDate?: unknown; freshness?: unknown; isStale?: unknown; warnings?: unknown; source?: unknown; key?: unknown; sources?: unknown };

function calendarOf(block: Block, calendars: EdgeCalendars, holidays: ReadonlySet<Day>): PublishingCalendar {
  const key = typeof block.source === 'string' ? block.source : Array.isArray(block.sources) ? block.sources[0] : typeof block.key === 'string' ? block.key : null;
  const c = (key && calendars.sources[key]) || calendars.fallback;
  return { publishingDays: new Set(c.days), holidays, lagDays: c.lag };
}

/** Re-ages every freshness block in a parsed JSON value; returns whether anything changed. */
export function ageValue(value: unknown, calendars: EdgeCalendars, today: Day): boolean {
  const holidays = new Set(calendars.holidays);
  let changed = false;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const block = v as Block;
    if ((block.freshness === 'fresh' || block.freshness === 'delayed') && typeof block.dataDate === 'string' && Array.isArray(block.warnings)) {
      const missed = missedPublishingDays(calendarOf(block, calendars, holidays), block.dataDate, today);
      const next = classByMissedDays(missed);
      if (next !== block.freshness) {
        const warnings = (block.warnings as string[]).filter((w) => w !== 'data_delayed');
        warnings.unshift(next === 'delayed' ? 'data_delayed' : 'data_stale');
        block.freshness = next;
        block.isStale = next === 'stale';
        block.warnings = warnings;
        changed = true;
      }
    }
    for (const x of Object.values(v)) if (x !== null && typeof x === 'object') visit(x);
  };
  visit(value);
  return changed;
}

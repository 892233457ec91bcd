/**
 * Truth over time. Files are built once a day with freshness as of their build day. When the
 * worker answers on a later day (the nightly run is late or failed), a row that said `fresh` or
 * `delayed` may have become `delayed` or `stale`: the worker re-ages every freshness block of a
 * JSON answer with the same rule (core/calendar.ts), never making anything fresher. Blocks that
 * are already stale, failed or unavailable keep their class and warnings.
 */
import type { EdgeCalendarsT } from '../../schemas/internal.ts';
import { CALENDARS_PATH } from '../../core/objects.ts';
import { classByMissedDays, missedPublishingDays, type PublishingCalendar } from '../../core/calendar.ts';
import { addDays, type Day } from '../../core/dates.ts';
import { etagOf } from '../../core/digest.ts';
import type { Origin } from '../origin/object.ts';
import type { Answer } from './context.ts';

let cached: { at: number; value: EdgeCalendarsT | null } | null = null;
const CACHE_MS = 60_000;

/** Read once a minute per isolate: every request needs the build day. */
export async function readCalendars(origin: Origin, now = Date.now()): Promise<EdgeCalendarsT | null> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const object = await origin.get(CALENDARS_PATH);
  cached = { at: now, value: object ? (JSON.parse(await object.text()) as EdgeCalendarsT) : null };
  return cached.value;
}

/**
 * The calendars to re-age with when an answer is served on a later day than its build; null when
 * it is served on its build day (or no build is published), as the build wrote it.
 */
export async function agingCalendars(origin: Origin, today: Day): Promise<EdgeCalendarsT | null> {
  const calendars = await readCalendars(origin);
  return calendars && today > calendars.today ? calendars : null;
}

export function forgetCalendars(): void {
  cached = null;
}

/** The nightly build is late past 10:00 of the day after its build day, or from two days after. */
export function buildIsLate(buildDay: Day, today: Day, istanbulHour: number): boolean {
  return today >= addDays(buildDay, 2) || (today === addDays(buildDay, 1) && istanbulHour >= 10);
}

type Block = {
  dataDate?: unknown;
  freshness?: unknown;
  isStale?: unknown;
  warnings?: unknown;
  source?: unknown;
  key?: unknown;
  sources?: unknown;
};

/**
 * A re-ager for one serving day: calendars are built once and the class of each (calendar,
 * data day) is computed once, because a page of rows repeats a few sources and days.
 * Returns whether it changed anything in the value it was given.
 */
export function ager(calendars: EdgeCalendarsT, today: Day): (value: unknown) => boolean {
  const holidays = new Set(calendars.holidays);
  const classes = new Map<string, 'fresh' | 'delayed' | 'stale'>();
  const calendarsOf = new Map<string, PublishingCalendar>();
  const classOf = (block: Block, dataDate: Day) => {
    const key =
      typeof block.source === 'string'
        ? block.source
        : Array.isArray(block.sources)
          ? block.sources[0]
          : typeof block.key === 'string'
            ? block.key
            : null;
    const name = key && calendars.sources[key] ? (key as string) : '';
    const memo = `${name}|${dataDate}`;
    let c = classes.get(memo);
    if (c === undefined) {
      let calendar = calendarsOf.get(name);
      if (!calendar) {
        const source = name ? calendars.sources[name]! : calendars.fallback;
        calendarsOf.set(name, (calendar = { publishingDays: new Set(source.days), holidays, lagDays: source.lag }));
      }
      classes.set(memo, (c = classByMissedDays(missedPublishingDays(calendar, dataDate, today))));
    }
    return c;
  };
  return (value) => {
    let changed = false;
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) {
        for (const x of v) visit(x);
        return;
      }
      if (v === null || typeof v !== 'object') return;
      const block = v as Block;
      if (
        (block.freshness === 'fresh' || block.freshness === 'delayed') &&
        typeof block.dataDate === 'string' &&
        Array.isArray(block.warnings)
      ) {
        const next = classOf(block, block.dataDate);
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
  };
}

/** Re-ages every freshness block in a parsed JSON value; returns whether anything changed. */
export function ageValue(value: unknown, calendars: EdgeCalendarsT, today: Day): boolean {
  return ager(calendars, today)(value);
}

/** An answer served on a later day than the build: its freshness re-aged, never made fresher. */
export async function ageAnswer(answer: Answer, origin: Origin, today: string): Promise<void> {
  if (answer.aged || !answer.contentType.startsWith('application/json') || answer.body === null) return;
  const calendars = await agingCalendars(origin, today);
  if (!calendars) return;
  const text = typeof answer.body === 'string' ? answer.body : await new Response(answer.body).text();
  const value = JSON.parse(text) as unknown;
  if (ageValue(value, calendars, today)) {
    answer.body = JSON.stringify(value);
    answer.etag = await etagOf(answer.body);
  } else answer.body = text;
}

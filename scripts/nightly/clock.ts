/**
 * The night's clock: the moment the job starts (`--at`, else now) and how it runs on from there.
 * A replay sets it to a past night's hour; everything the night stamps (the scrape's fetch
 * moments, the build day, the release) then reads that night's time, as the real run did.
 */
import { addDays, type Day, istanbulDay } from '../../core/dates.ts';

export type Clock = {
  /** the moment the night started, ISO without milliseconds (the build's `builtAt`) */
  at: string;
  /** the build day: the Istanbul calendar day of `at` */
  today: Day;
  /** now on this clock: `at` plus the time the night has taken so far */
  now(): Date;
};

export function clockAt(at: string | Date = new Date()): Clock {
  const start = new Date(at);
  if (Number.isNaN(start.getTime())) throw new Error(`--at ${JSON.stringify(at)} is not a moment (ISO 8601)`);
  const started = performance.now();
  return {
    at: start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    today: istanbulDay(start),
    now: () => new Date(start.getTime() + (performance.now() - started)),
  };
}

/** The data day a night collects unless told otherwise: yesterday in Istanbul, the lists of the day before the run. */
export const collectedDay = (clock: Clock): Day => addDays(clock.today, -1);

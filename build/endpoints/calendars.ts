/**
 * What the edge needs to keep freshness true when it serves on a later day than the build
 * (a late or failed nightly run): the build day, each source's publishing days and lag, and the
 * full holidays around the build day. See edge/answer/aging.ts.
 */
import { CALENDARS_PATH } from '../../core/objects.ts';
import { addDays } from '../../core/dates.ts';
import { EdgeCalendarsSchema, type EdgeCalendarsT } from '../../schemas/internal.ts';
import type { Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';

export function writeCalendars(model: Model, writer: OutputWriter): EdgeCalendarsT {
  const first = [...model.sources.values()][0];
  const until = addDays(model.today, 400);
  const holidays = [...(first?.state.calendar.holidays ?? [])]
    .filter((d) => d >= addDays(model.today, -400) && d <= until)
    .sort();
  const calendars: EdgeCalendarsT = {
    today: model.today,
    // Rows that do not name their source (product lists) age on the most common calendar.
    fallback: { days: [1, 2, 3, 4, 5, 6], lag: 0 },
    sources: Object.fromEntries(
      [...model.sources.values()].map((s) => [s.key, { days: s.publishingDays, lag: s.dataLagDays }]),
    ),
    holidays,
  };
  writer.writeJson(CALENDARS_PATH, EdgeCalendarsSchema.parse(calendars));
  return calendars;
}

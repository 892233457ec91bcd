/**
 * The real archive built as of the Monday after its last lists (docs/forecast.md), small: only what
 * the forecast routes and the worker read (calendars, forecasts, OpenAPI document, build record,
 * manifest), from the suite's store, read only.
 *
 * The worker's clock is the machine's and cannot be set back. What tells it that it serves on a
 * build's own day is the calendars' day (edge/answer/aging.ts), so the same objects are written twice:
 * `late` as built (calendars of BUILD_DAY: served months later, every forecast has aged to stale),
 * and `onBuildDay` with calendars naming the serving day (nothing is re-aged: the forecasts as the
 * build published them).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCalendars } from '../../build/endpoints/calendars.ts';
import { writeForecasts } from '../../build/endpoints/forecast.ts';
import { defaultAttribution, loadModel } from '../../build/model.ts';
import { buildOpenApi } from '../../build/openapi/document.ts';
import { OutputWriter } from '../../build/writer.ts';
import { addDays, istanbulDay, type Day } from '../../core/dates.ts';
import { BUILD_RECORD_PATH, CALENDARS_PATH, FORECAST_OBJECTS, OPENAPI_PATH } from '../../core/objects.ts';
import { BuildRecord, EdgeCalendarsSchema } from '../../schemas/internal.ts';

/** The Monday after the archive's last lists (Saturday 22 August): the day a nightly build would have run. */
export const BUILD_DAY: Day = '2026-08-24';

export type ForecastDists = {
  /** the build's objects, with calendars that name the serving day */
  onBuildDay: string;
  /** the build as it is: served today, months after its day */
  late: string;
  published: string[];
  refused: string[];
  /** figures of the making: the forecasts, the rest */
  ms: { forecasts: number; rest: number };
  dispose(): void;
};

export function writeForecastDists(storePath: string): ForecastDists {
  const dir = mkdtempSync(join(tmpdir(), 'hal-forecast-'));
  const t = performance.now();
  const db = new Database(storePath, { readonly: true });
  const model = loadModel(db, BUILD_DAY);
  const late = join(dir, 'late');
  const writer = new OutputWriter(late);
  const calendars = writeCalendars(model, writer);
  const tf = performance.now();
  writeForecasts(db, model, writer);
  const ms = { forecasts: Math.round(performance.now() - tf), rest: 0 };
  writer.writeJson(OPENAPI_PATH, buildOpenApi());
  const builtAt = `${BUILD_DAY}T03:00:00.000Z`;
  const newestDataDay = db.prepare('SELECT max(data_day) FROM bulletins').pluck().get() as Day;
  const buildId = `${BUILD_DAY}-forecast`;
  writer.writeJson(
    BUILD_RECORD_PATH,
    BuildRecord.parse({
      buildId,
      today: BUILD_DAY,
      builtAt,
      newestDataDay,
      synthetic: false,
      attribution: defaultAttribution(model),
      objects: writer.entries.size + 1,
    }),
  );
  writer.finish({ buildId, today: BUILD_DAY, builtAt, newestDataDay });
  db.close();

  // The same objects; the calendars' day the one after the serving day, so a run across midnight stays on it.
  const onBuildDay = join(dir, 'on-build-day');
  const twin = new OutputWriter(onBuildDay);
  // Brotli twins are written again by `write`, beside their object.
  for (const [path, entry] of writer.entries)
    if (path !== CALENDARS_PATH && !entry.encoding) twin.write(path, readFileSync(join(late, path)));
  const servingDay = addDays(istanbulDay(new Date()), 1);
  twin.writeJson(CALENDARS_PATH, EdgeCalendarsSchema.parse({ ...calendars, today: servingDay }));
  twin.finish({ buildId, today: BUILD_DAY, builtAt, newestDataDay });
  ms.rest = Math.round(performance.now() - t) - ms.forecasts;

  const slugsOf = (build: (slug: string) => string) => {
    const [before, after] = build('\u0000').split('\u0000') as [string, string];
    return [...writer.entries.keys()]
      .filter((p) => p.startsWith(before) && p.endsWith(after) && !p.slice(before.length).includes('/'))
      .map((p) => p.slice(before.length, p.length - after.length))
      .sort();
  };
  return {
    onBuildDay,
    late,
    published: slugsOf(FORECAST_OBJECTS.published),
    refused: slugsOf(FORECAST_OBJECTS.refused),
    ms,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The real archive as it stood the day after İzmir's long series end, built small: the suite's
 * store copied, every price and bulletin after DATA_END deleted, the model loaded for the day after,
 * and only what the forecast routes and the worker read written (calendars, forecasts, OpenAPI
 * document, build record, manifest).
 *
 * The worker's clock is the machine's and cannot be set back. What tells it that it serves on a
 * build's own day is the calendars' day (edge/aging.ts), so the same objects are written twice:
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
import { buildOpenApi } from '../../build/openapi.ts';
import { OutputWriter } from '../../build/writer.ts';
import { addDays, istanbulDay, type Day } from '../../core/dates.ts';
import { BUILD_RECORD_PATH, CALENDARS_PATH, FORECAST_OBJECTS, OPENAPI_PATH } from '../../core/objects.ts';
import { BuildRecord, EdgeCalendarsSchema } from '../../schemas/internal.ts';
import { openDb } from '../../store/db.ts';

/** İzmir's daily bulletins end here in the archive. */
export const DATA_END: Day = '2026-07-23';
export const BUILD_DAY: Day = addDays(DATA_END, 1);

export type ForecastDists = {
  /** the build's objects, with calendars that name the serving day */
  onBuildDay: string;
  /** the build as it is: served today, months after its day */
  late: string;
  /** the store the build read (the archive up to DATA_END) */
  storePath: string;
  published: string[];
  refused: string[];
  /** figures of the making: the store's copy and cut, the forecasts, the rest */
  ms: { store: number; forecasts: number; rest: number };
  dispose(): void;
};

export function writeForecastDists(suiteStore: string): ForecastDists {
  const dir = mkdtempSync(join(tmpdir(), 'hal-forecast-'));
  const storePath = join(dir, 'hal.sqlite');
  let t = performance.now();
  const source = new Database(suiteStore, { readonly: true });
  source.prepare('VACUUM INTO ?').run(storePath);
  source.close();
  const db = openDb(storePath);
  db.transaction(() => {
    const after = `SELECT id FROM observations WHERE data_day > '${DATA_END}'`;
    db.exec(`DELETE FROM corrections WHERE observation_id IN (${after})`);
    db.exec(`DELETE FROM observations WHERE data_day > '${DATA_END}'`);
    db.exec(`DELETE FROM bulletins WHERE data_day > '${DATA_END}'`);
    // Documents that held only later days had not been read yet.
    db.exec(`DELETE FROM documents WHERE rows > 0
               AND id NOT IN (SELECT document_id FROM observations)
               AND id NOT IN (SELECT document_id FROM bulletins)`);
  })();
  const ms = { store: Math.round(performance.now() - t), forecasts: 0, rest: 0 };

  t = performance.now();
  const model = loadModel(db, BUILD_DAY);
  const late = join(dir, 'late');
  const writer = new OutputWriter(late);
  const calendars = writeCalendars(model, writer);
  const tf = performance.now();
  writeForecasts(db, model, writer);
  ms.forecasts = Math.round(performance.now() - tf);
  writer.writeJson(OPENAPI_PATH, buildOpenApi());
  const builtAt = `${BUILD_DAY}T03:00:00.000Z`;
  const newestDataDay = db.prepare('SELECT max(data_day) FROM bulletins').pluck().get() as Day;
  const record = (objects: number) =>
    BuildRecord.parse({
      buildId: `${BUILD_DAY}-forecast`,
      today: BUILD_DAY,
      builtAt,
      newestDataDay,
      synthetic: false,
      attribution: defaultAttribution(model),
      objects,
    });
  writer.writeJson(BUILD_RECORD_PATH, record(writer.entries.size + 1));
  writer.finish({ buildId: `${BUILD_DAY}-forecast`, today: BUILD_DAY, builtAt, newestDataDay });
  db.close();

  // The same objects; the calendars' day the one after the serving day, so a run across midnight stays on it.
  const onBuildDay = join(dir, 'on-build-day');
  const twin = new OutputWriter(onBuildDay);
  // Brotli twins are written again by `write`, beside their object.
  for (const [path, entry] of writer.entries)
    if (path !== CALENDARS_PATH && !entry.encoding) twin.write(path, readFileSync(join(late, path)));
  const servingDay = addDays(istanbulDay(new Date()), 1);
  twin.writeJson(CALENDARS_PATH, EdgeCalendarsSchema.parse({ ...calendars, today: servingDay }));
  twin.finish({ buildId: `${BUILD_DAY}-forecast`, today: BUILD_DAY, builtAt, newestDataDay });
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
    storePath,
    published: slugsOf(FORECAST_OBJECTS.published),
    refused: slugsOf(FORECAST_OBJECTS.refused),
    ms,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

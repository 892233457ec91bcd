/**
 * npm run bench:forecast [-- --profile small|national-1y|national-5y|national-10y --regenerate]:
 * what the build's forecast step costs on a synthetic profile (every variant fresh on the build
 * day, so every series with the history is backtested): series read, fits, time, memory. The
 * full build bench (npm run bench) prints the same step among its steps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '../../core/dates.ts';
import { writeForecasts } from '../../build/endpoints/forecast.ts';
import { loadModel } from '../../build/model.ts';
import { nationalIndicators } from '../../build/national.ts';
import { OutputWriter } from '../../build/writer.ts';
import { openDb } from '../../store/db.ts';
import { option } from '../args.ts';
import { profileByName } from './synthetic/profiles.ts';
import { syntheticStore } from './synthetic/store.ts';

const profile = profileByName(option('profile', 'small'));
const full = syntheticStore(profile, process.argv.includes('--regenerate'), console.log);
const db = openDb(full);
const today = addDays(profile.endDay, 1);
const model = loadModel(db, today);
const observations = db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
const indicators = nationalIndicators(db, model);
const out = mkdtempSync(join(tmpdir(), 'hal-forecast-bench-'));
const rssBefore = process.memoryUsage.rss();
const t = performance.now();
const writer = new OutputWriter(out);
const report = writeForecasts(db, model, writer, indicators);
const ms = performance.now() - t;
writer.finish({ buildId: 'bench', today, builtAt: `${today}T03:00:00Z`, newestDataDay: profile.endDay });
const line = (label: string, value: string) => console.log(`${label.padEnd(36)} ${value}`);
console.log(
  `profile ${profile.name}: ${observations} observations, ${model.variants.size} variants; build day ${today}`,
);
line('forecast step', `${(ms / 1000).toFixed(1)} s`);
line('published / refused', `${report.published} / ${report.refused}`);
line(
  'model fits',
  `${report.fits} (${report.fits ? (ms / report.fits).toFixed(1) : '–'} ms per fit, the series read included)`,
);
line('resident memory added', `${Math.round((process.memoryUsage.rss() - rssBefore) / 2 ** 20)} MiB`);
rmSync(out, { recursive: true, force: true });
db.close();

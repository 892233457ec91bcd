/**
 * npm run forecast:eval [-- --db .cache/hal.sqlite]: the forecast gate's backtest over every
 * variant of a store, each series as of its own last data day (a model's quality, apart from
 * whether its source is still publishing), and the table that says how it fares: series
 * evaluated, publishable share, the median MASE and MAPE of the model and both baselines per
 * horizon, and the intervals' coverage.
 */
import { judge } from '../build/forecast/gate.ts';
import { HORIZON, INTERVAL_LEVEL, MIN_SKILL } from '../build/forecast/rules.ts';
import { nationalSeries, seriesCalendar } from '../build/forecast/series.ts';
import { loadModel } from '../build/model.ts';
import { openDb } from '../store/db.ts';
import { DEFAULT_DB, option } from './args.ts';

const dbPath = option('db', DEFAULT_DB);
const db = openDb(dbPath);
const newest = db.prepare('SELECT max(data_day) FROM observations').pluck().get() as string;
const model = loadModel(db, newest);
const started = performance.now();
const all = nationalSeries(db, model);
const reasons = new Map<string, number>();
type Row = { horizons: { model: number[]; naive: number[]; seasonalNaive: number[] }[] };
const mase: Row = { horizons: Array.from({ length: HORIZON }, () => ({ model: [], naive: [], seasonalNaive: [] })) };
const mape: Row = { horizons: Array.from({ length: HORIZON }, () => ({ model: [], naive: [], seasonalNaive: [] })) };
const coverage: number[][] = Array.from({ length: HORIZON }, () => []);
const methods = { 'auto-ets': 0, 'mstl-ets': 0 };
let evaluated = 0;
let publishable = 0;
let fits = 0;
/** series whose model beat naive by at least MIN_SKILL, tied it within MIN_SKILL, lost by more */
const againstNaive = { better: 0, tied: 0, worse: 0 };
const published: string[] = [];
for (const [slug, series] of [...all].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const verdict = judge({
    days: series.days,
    values: series.values,
    calendar: seriesCalendar(model, series),
    // As of the series' own last data day: how good the model is, apart from whether its source still publishes.
    today: series.days.at(-1)!,
    frozen: false,
  });
  for (const r of verdict.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  const result = verdict.backtest;
  if (!result) continue;
  evaluated++;
  fits += result.origins.length;
  methods['auto-ets'] += result.methods['auto-ets'];
  methods['mstl-ets'] += result.methods['mstl-ets'];
  const skill = 1 - result.overall.model.mae / result.overall.naive.mae;
  againstNaive[skill >= MIN_SKILL ? 'better' : skill > -MIN_SKILL ? 'tied' : 'worse']++;
  if (verdict.reasons.length === 0) {
    publishable++;
    published.push(slug);
  }
  result.horizons.forEach((h, i) => {
    for (const k of ['model', 'naive', 'seasonalNaive'] as const) {
      if (h[k].mase !== null) mase.horizons[i]![k].push(h[k].mase!);
      mape.horizons[i]![k].push(h[k].mape);
    }
    coverage[i]!.push(h.coverage);
  });
}
const ms = performance.now() - started;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
const cell = (xs: number[], places: number) => (xs.length ? median(xs).toFixed(places) : '–').padStart(8);

console.log(`store ${dbPath}: ${all.size} variant series (newest data day ${newest})`);
console.log(
  `evaluated (backtest ran) ${evaluated}; publishable ${publishable} = ${((100 * publishable) / Math.max(1, evaluated)).toFixed(1)} % of evaluated, ${((100 * publishable) / all.size).toFixed(1)} % of all`,
);
console.log(`reasons (a series may have several): ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')}`);
console.log(`fits ${fits} (${methods['auto-ets']} AutoETS, ${methods['mstl-ets']} MSTL), ${(ms / 1000).toFixed(1)} s`);
console.log(
  `model against naive (MASE over the backtest): ${againstNaive.better} better by ${MIN_SKILL * 100} % or more, ${againstNaive.tied} within ${MIN_SKILL * 100} %, ${againstNaive.worse} worse`,
);
console.log(`publishable: ${published.join(', ') || 'none'}`);
console.log('');
console.log('median over the evaluated series, per horizon (publishing days ahead)');
console.log(
  `${'h'.padStart(2)} ${'MASE model'.padStart(11)} ${'naive'.padStart(8)} ${'s-naive'.padStart(8)} ${'MAPE model'.padStart(11)} ${'naive'.padStart(8)} ${'s-naive'.padStart(8)} ${`cover ${INTERVAL_LEVEL * 100}%`.padStart(9)}`,
);
for (let h = 0; h < HORIZON; h++) {
  const s = mase.horizons[h]!;
  const p = mape.horizons[h]!;
  console.log(
    `${String(h + 1).padStart(2)} ${cell(s.model, 3).padStart(11)} ${cell(s.naive, 3)} ${cell(s.seasonalNaive, 3)} ${cell(p.model, 2).padStart(11)} ${cell(p.naive, 2)} ${cell(p.seasonalNaive, 2)} ${cell(coverage[h]!, 3).padStart(9)}`,
  );
}
db.close();

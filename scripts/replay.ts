/**
 * npm run replay [-- --from 2026-05-31 --to 2026-08-17]: the nightly job run night after night on
 * the documents the official sites published on those nights (scripts/replay/run.ts), one line a
 * night, then the API served at http://localhost:8787 with the worker's clock held at the last
 * night, until Ctrl+C. `--faults N` chooses the nights' faults from seed N (scripts/replay/faults.ts;
 * by default seed 1 over a span long enough for them, none over a shorter one; `--faults none`);
 * `--down adana:2026-06-10,2026-06-11` takes a source's site down on those nights instead of the
 * schedule's outage. docs/replay.md.
 */
import { isDay } from '../core/dates.ts';
import { flag, option } from './args.ts';
import { printTryUrls } from './lib/try-urls.ts';
import { summaryLines } from './replay/night-line.ts';
import {
  describeFaults,
  faultSchedule,
  NO_FAULTS,
  SCHEDULE_NIGHTS,
  type Faults,
  type Outage,
} from './replay/faults.ts';
import { nightsOf, runReplay } from './replay/run.ts';

const day = (name: string, fallback: string) => {
  const value = option(name, fallback);
  if (!isDay(value)) throw new Error(`--${name} must be a day YYYY-MM-DD, not ${JSON.stringify(value)}`);
  return value;
};

const from = day('from', '2026-05-31');
const to = day('to', '2026-08-17');
const down: Outage[] = option('down', '')
  .split(' ')
  .filter(Boolean)
  .map((spec) => {
    const [source = '', nights = ''] = spec.split(':');
    return { source, nights: nights.split(',') };
  });
const seed = option('faults', nightsOf(from, to) >= SCHEDULE_NIGHTS ? '1' : 'none');
if (seed !== 'none' && !/^\d+$/.test(seed))
  throw new Error(`--faults must be a seed (a whole number) or none, not ${seed}`);
const scheduled: Faults = seed === 'none' ? NO_FAULTS : faultSchedule(Number(seed), from, to);
const faults: Faults = { ...scheduled, down: down.length ? down : scheduled.down };
console.log(`Replaying ${nightsOf(from, to)} nights, ${from} … ${to}, from the archive without their documents`);
console.log(`Faults (${seed === 'none' ? 'none asked' : `seed ${seed}`}): ${describeFaults(faults)}`);
const started = performance.now();
const replay = await runReplay({
  from,
  to,
  dir: option('dir', '.cache/replay'),
  archive: option('archive', '') || undefined,
  faults,
  snapshot: !flag('no-snapshot'),
  port: Number(option('port', '8787')),
  log: console.log,
  nightLog: flag('verbose') ? (line) => console.log(`    ${line}`) : undefined,
  afterNight: flag('verbose')
    ? (night) =>
        console.log(
          `    phases: ${night.report.phases.map((p) => `${p.name} ${(p.ms / 1000).toFixed(1)} s`).join(' · ')}`,
        )
    : undefined,
});
const nights = replay.nights.slice(1).map((n) => n.figures);
console.log(`\n${nights.length} nights in ${((performance.now() - started) / 1000).toFixed(0)} s (and the eve):`);
for (const line of summaryLines(nights)) console.log(`  ${line}`);
if (flag('no-serve')) {
  await replay.close();
} else {
  const last = replay.nights.at(-1)!;
  console.log(`\nServing the API with the worker's clock held at the last night (${last.clock.at}), until Ctrl+C:`);
  printTryUrls(replay.worker.url);
}

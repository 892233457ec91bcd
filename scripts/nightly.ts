/**
 * npm run nightly: the nightly job (scripts/nightly/run.ts), the one entry point the workflow
 * calls and the replay runs night after night. Without `--phases` every phase runs in order;
 * the workflow runs it in steps (`--phases import,scrape`, `--phases publish` …) so that only
 * the steps that talk to the bucket get its secrets. `npm run publish`, `restore`, `save-store`
 * and `fetch-previous` are this command with their one phase. `--at` sets the night's clock
 * (default now), `--day` the data day collected (default: the day before the clock's, in
 * Istanbul). Options: scripts/nightly/options.ts.
 */
import { option } from './args.ts';
import { nightOptionsFromArgs } from './nightly/options.ts';
import { phasesOf, runNightly } from './nightly/run.ts';

const phases = option('phases', '');
// This is the scheduled job: /sources/status says when the scheduler last ran.
const report = await runNightly(nightOptionsFromArgs({ scheduled: true }), phases ? phasesOf(phases) : undefined);
console.log(
  `Night of ${report.day} at ${report.at}: ${report.phases.map((p) => `${p.name} ${p.failed ? 'FAILED' : 'ok'} ${(p.ms / 1000).toFixed(1)} s`).join(' · ')}`,
);
process.exitCode = report.exitCode;

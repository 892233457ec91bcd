/**
 * npm run nightly: the nightly job (scripts/nightly/run.ts), the one entry point the workflow
 * calls and the replay runs night after night. Without `--phases` every phase runs in order;
 * the workflow runs it in steps (`--phases import,scrape`, `--phases publish` …) so that only
 * the steps that talk to the bucket get its secrets. `--at` sets the night's clock (default now),
 * `--day` the data day collected (default: the day before the clock's, in Istanbul).
 * Bucket from the environment, as `npm run publish` (docs/publishing.md).
 */
import { Bucket, bucketConfigFromEnv } from '../publish/bucket.ts';
import { FETCH_MISSING } from '../publish/fetch-missing.ts';
import { DEFAULT_RETENTION } from '../publish/prune.ts';
import { DEFAULT_DB, DEFAULT_OUT, DEFAULT_PREVIOUS, option } from './args.ts';
import { clockAt, collectedDay } from './nightly/clock.ts';
import { phasesOf, runNightly } from './nightly/run.ts';

const flag = (name: string) => process.argv.includes(`--${name}`);
/** A number given on the command line (or in the environment), else undefined: the default applies. */
function given(name: string): number | undefined {
  const text = option(name, '');
  if (text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0, not ${JSON.stringify(text)}`);
  return n;
}

const clock = clockAt(option('at', new Date().toISOString()));
const phases = option('phases', '');
const deadlineMinutes = given('deadline-minutes');
const sources = option('sources', '');
const report = await runNightly(
  {
    clock,
    day: option('day', '') || collectedDay(clock),
    dbPath: option('db', DEFAULT_DB),
    outDir: option('out', DEFAULT_OUT),
    previousDir: option('previous', DEFAULT_PREVIOUS),
    evidenceDir: option('evidence', '.cache/evidence'),
    archiveRoot: option('archive', '') || undefined,
    bucket: () => Bucket.fromConfig(bucketConfigFromEnv()),
    fetchMissing: FETCH_MISSING,
    http: { timeoutMs: given('timeout-ms'), retries: given('retries') },
    // This is the scheduled job: /sources/status says when the scheduler last ran.
    scrape: {
      scheduled: true,
      sources: sources ? sources.split(',') : undefined,
      deadlineMs: deadlineMinutes === undefined ? undefined : deadlineMinutes * 60_000,
    },
    publish: {
      snapshot: !flag('no-snapshot'),
      prune: !flag('no-prune'),
      retention: {
        ...DEFAULT_RETENTION,
        buildDays: given('retention-days') ?? DEFAULT_RETENTION.buildDays,
        snapshotDays: given('snapshot-retention-days') ?? DEFAULT_RETENTION.snapshotDays,
        minBuilds: given('min-builds') ?? DEFAULT_RETENTION.minBuilds,
      },
      concurrency: given('concurrency') ?? 16,
      snapshotDir: option('snapshot-dir', '') || undefined,
    },
    apiUrl: option('api-url', '') || undefined,
    log: console.log,
  },
  phases ? phasesOf(phases) : undefined,
);
console.log(
  `Night of ${report.day} at ${report.at}: ${report.phases.map((p) => `${p.name} ${p.failed ? 'FAILED' : 'ok'} ${(p.ms / 1000).toFixed(1)} s`).join(' · ')}`,
);
process.exitCode = report.exitCode;

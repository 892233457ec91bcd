/**
 * A night's options from the command line and the environment: `npm run nightly` and the
 * single-phase scripts (`npm run scrape`, `publish`, `restore`, `save-store`, `fetch-previous`)
 * read the same flags (docs/configuration.md). Bucket from the environment (docs/publishing.md).
 */
import { Bucket, bucketConfigFromEnv } from '../../publish/bucket.ts';
import { FETCH_MISSING } from '../../publish/fetch-missing.ts';
import { DEFAULT_RETENTION } from '../../publish/prune.ts';
import { DEFAULT_DB, DEFAULT_OUT, DEFAULT_PREVIOUS, flag, numberOption, option } from '../args.ts';
import { clockAt, collectedDay } from './clock.ts';
import type { NightOptions } from './night.ts';

/** `scheduled`: the run is the scheduler's, which /sources/status reports as the scheduler last seen. */
export function nightOptionsFromArgs({ scheduled }: { scheduled: boolean }): NightOptions {
  const clock = clockAt(option('at', new Date().toISOString()));
  const deadlineMinutes = numberOption('deadline-minutes');
  const sources = option('sources', '');
  return {
    clock,
    day: option('day', '') || collectedDay(clock),
    dbPath: option('db', DEFAULT_DB),
    outDir: option('out', DEFAULT_OUT),
    previousDir: option('previous', DEFAULT_PREVIOUS),
    evidenceDir: option('evidence', '.cache/evidence'),
    archiveRoot: option('archive', '') || undefined,
    replaceStore: flag('force'),
    bucket: () => Bucket.fromConfig(bucketConfigFromEnv()),
    fetchMissing: FETCH_MISSING,
    http: { timeoutMs: numberOption('timeout-ms'), retries: numberOption('retries') },
    scrape: {
      scheduled,
      sources: sources ? sources.split(',') : undefined,
      deadlineMs: deadlineMinutes === undefined ? undefined : deadlineMinutes * 60_000,
      concurrency: numberOption('concurrency'),
    },
    publish: {
      snapshot: !flag('no-snapshot'),
      prune: !flag('no-prune'),
      retention: {
        ...DEFAULT_RETENTION,
        buildDays: numberOption('retention-days') ?? DEFAULT_RETENTION.buildDays,
        snapshotDays: numberOption('snapshot-retention-days') ?? DEFAULT_RETENTION.snapshotDays,
        minBuilds: numberOption('min-builds') ?? DEFAULT_RETENTION.minBuilds,
      },
      concurrency: numberOption('concurrency') ?? 16,
      snapshotDir: option('snapshot-dir', '') || undefined,
      onObject: flag('verbose') ? (op, key) => console.log(`${op} ${key}`) : undefined,
    },
    apiUrl: option('api-url', '') || undefined,
    log: console.log,
  };
}

/**
 * What one night is given and what it reports. The command line (scripts/nightly.ts) fills the
 * options from its flags and the environment; the replay (scripts/replay.ts) from the night it
 * replays, with the local bucket. Both run the same phases (scripts/nightly/run.ts).
 */
import type { FetchMissing } from '../../build/incremental/previous.ts';
import type { BuildReport } from '../../build/build.ts';
import type { ObjectBucket } from '../../publish/bucket.ts';
import type { Operations } from '../../publish/operations.ts';
import type { ProgressWrite } from '../../publish/progress.ts';
import type { PruneReport, RetentionPolicy } from '../../publish/prune.ts';
import type { PublishReport } from '../../publish/release.ts';
import type { SnapshotFiles } from '../../publish/snapshot.ts';
import type { HttpOptions } from '../../sources/lib/http.ts';
import type { RunLimits, RunReport } from '../../store/scrape.ts';
import type { Day } from '../../core/dates.ts';
import type { Clock } from './clock.ts';

/** The nightly's phases, in the order they run. */
export const PHASES = [
  'restore',
  'import',
  'scrape',
  'save-store',
  'fetch-previous',
  'build',
  'publish',
  'query-snapshot',
] as const;
export type PhaseName = (typeof PHASES)[number];

export type NightOptions = {
  clock: Clock;
  /** the data day the scrape collects */
  day: Day;
  dbPath: string;
  outDir: string;
  /** where fetch-previous puts what the incremental build takes from the published build */
  previousDir: string;
  evidenceDir: string;
  /** a directory laid out like data/sources, imported instead of it */
  archiveRoot?: string;
  /** restore over a store already here (`--force`); without it a store here is kept */
  replaceStore?: boolean;
  /** the bucket, asked for only by the phases that talk to it */
  bucket: () => ObjectBucket;
  /** how the build fetches what fetch-previous did not foresee (publish/fetch-missing.ts) */
  fetchMissing?: FetchMissing;
  http: HttpOptions;
  scrape: RunLimits & { sources?: readonly string[]; scheduled: boolean };
  publish: {
    snapshot: boolean;
    prune: boolean;
    retention: RetentionPolicy;
    concurrency: number;
    snapshotDir?: string;
    /** the upload's progress bar (default: on stderr); null: none */
    progress?: ProgressWrite;
    /** each object as the publisher handles it (`--verbose`: a line each) */
    onObject?: (op: string, key: string) => void;
  };
  /** the worker's public origin, where query-snapshot reads the published snapshot; none: it reads it from disk */
  apiUrl?: string;
  log: (line: string) => void;
};

type PhaseRecord = { name: PhaseName; ms: number; failed: string | null };

export type NightReport = {
  at: string;
  today: Day;
  day: Day;
  phases: PhaseRecord[];
  imported: { documents: number; observations: number; refused: number } | null;
  scraped: RunReport[] | null;
  build: BuildReport | null;
  snapshot: SnapshotFiles | null;
  published: PublishReport | null;
  pruned: PruneReport | null;
  /** every operation asked of the bucket tonight, by kind */
  operations: Operations;
  /** 1 when a phase failed or the import refused a document (the workflow shows the step red and goes on) */
  exitCode: 0 | 1;
};

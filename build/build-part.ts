/**
 * The build's second process: history and evidence (a third of the build's work, independent
 * of the rest) run in a child over the same store while the main process writes the price
 * collections, so a build uses both cores. Better-sqlite3 and the build are synchronous, so
 * the main process waits for the child's result file at the end of its own work.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Day } from '../core/dates.ts';
import type { Incremental } from './incremental/previous.ts';
import { type ManifestEntry } from '../core/publication.ts';

/** `maxRssKb`: the child's peak memory (a parent's own resource usage does not count its children) */
/** `reused`, `inBucket`: as the writer counts them (build/writer.ts) */
export type PartResult = {
  entries: [string, ManifestEntry][];
  bytes: number;
  reused: number;
  inBucket: number;
  evidenceShards: number;
  maxRssKb: number;
};
type Outcome = PartResult | { error: string };

const CHILD = fileURLToPath(new URL('./build-part-child.ts', import.meta.url));
const POLL_MS = 50;

/**
 * Runs `main` while the child builds history and evidence, then waits for the child (through
 * `waiting`, e.g. to time it). When `main` fails, the child is stopped: it must not go on
 * writing into an output the caller gives up. `incremental`: the child takes what it can of the
 * previous build (build/incremental/), the evidence of days before `from` among it.
 */
export function alongsideHistoryAndEvidence<T>(
  dbPath: string,
  outDir: string,
  today: Day,
  main: () => T,
  waiting = (wait: () => PartResult) => wait(),
  incremental?: Incremental,
): { main: T; part: PartResult } {
  const part = startPart(dbPath, outDir, today, incremental);
  let value: T;
  try {
    value = main();
  } catch (error) {
    part.stop();
    throw error;
  }
  return { main: value, part: waiting(() => part.wait()) };
}

type RunningPart = { wait(): PartResult; stop(): void };

function startPart(dbPath: string, outDir: string, today: Day, incremental: Incremental | undefined): RunningPart {
  const resultFile = join(tmpdir(), `hal-build-part-${process.pid}-${Date.now()}.json`);
  const args = [
    CHILD,
    dbPath,
    outDir,
    today,
    resultFile,
    ...(incremental
      ? [incremental.previous.root, incremental.from, JSON.stringify(incremental.previous.fetchMissing ?? null)]
      : []),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  return {
    wait(): PartResult {
      // The child always writes its result file, an error included; a killed child leaves a zombie.
      while (!existsSync(resultFile)) {
        if (child.pid === undefined || isGone(child.pid))
          throw new Error(`the build's history and evidence process (${CHILD}) died without a result`);
        Atomics.wait(sleeper, 0, 0, POLL_MS);
      }
      const outcome = JSON.parse(readFileSync(resultFile, 'utf8')) as Outcome;
      rmSync(resultFile, { force: true });
      if ('error' in outcome) throw new Error(`history and evidence: ${outcome.error}`);
      return outcome;
    },
    stop(): void {
      child.kill();
      rmSync(resultFile, { force: true });
    },
  };
}

function isGone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return existsSync('/proc/self'); // reaped; without /proc we cannot tell and keep waiting
  }
}

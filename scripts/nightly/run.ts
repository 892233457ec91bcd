/**
 * The nightly job, phase by phase, in one order (night.ts PHASES): restore the store, import,
 * scrape, save the store, fetch what the incremental build takes from the published build, build,
 * publish, query the snapshot in place. The workflow runs it in steps (`--phases`), so that only
 * the steps that talk to the bucket get its secrets; a developer and the replay run it whole.
 *
 * What a failure does is the phase's own, as the workflow's steps had it: a refused archive
 * document or a broken scrape is recorded and the night goes on (the build then publishes the
 * honest state); without what fetch-previous brings the build is a full one; any other failure
 * stops the night, and the build the bucket serves stays served.
 */
import { countOperations, noOperations } from '../../publish/operations.ts';
import type { ObjectBucket } from '../../publish/bucket.ts';
import { querySnapshot } from '../lib/query-snapshot.ts';
import { importPhase, scrapePhase } from './collect.ts';
import type { NightOptions, NightReport, PhaseName } from './night.ts';
import { PHASES } from './night.ts';
import { buildPhase, fetchPreviousPhase, publishPhase, restorePhase, saveStorePhase } from './publication.ts';

type Phase = {
  run(night: NightOptions, report: NightReport): Promise<void> | void;
  /** `go on`: recorded, the night goes on and ends with exit code 1; `full build`: as `go on`, exit code 0 */
  onFailure: 'stop' | 'go on' | 'full build';
  /** run only when the night names it or gives what it needs */
  wanted?(night: NightOptions): boolean;
};

const PHASE: Record<PhaseName, Phase> = {
  restore: { run: restorePhase, onFailure: 'stop' },
  import: { run: importPhase, onFailure: 'go on' },
  scrape: { run: scrapePhase, onFailure: 'go on' },
  'save-store': { run: saveStorePhase, onFailure: 'stop' },
  'fetch-previous': { run: fetchPreviousPhase, onFailure: 'full build' },
  build: { run: buildPhase, onFailure: 'stop' },
  publish: { run: publishPhase, onFailure: 'stop' },
  // The published snapshot read in place needs the worker's public origin.
  'query-snapshot': {
    run: (night) => querySnapshot({ outDir: night.outDir, apiUrl: night.apiUrl, log: night.log }),
    onFailure: 'stop',
    wanted: (night) => Boolean(night.apiUrl),
  },
};

/** `import,restore` → the phases in the nightly's order; an unknown name is refused. */
export function phasesOf(list: string): PhaseName[] {
  const asked = list.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !(PHASES as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`unknown phases ${unknown.join(', ')}: the nightly's are ${PHASES.join(', ')}`);
  return PHASES.filter((p) => asked.includes(p));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `phases` (default: all, query-snapshot when an API URL is given) of one night. */
export async function runNightly(given: NightOptions, phases?: readonly PhaseName[]): Promise<NightReport> {
  let counted: ObjectBucket | null = null;
  let operations = noOperations();
  const night: NightOptions = {
    ...given,
    // Every operation of the night counted, whichever phase asks.
    bucket: () => {
      if (counted) return counted;
      ({ bucket: counted, operations } = countOperations(given.bucket()));
      return counted;
    },
  };
  const report: NightReport = {
    at: night.clock.at,
    today: night.clock.today,
    day: night.day,
    phases: [],
    imported: null,
    scraped: null,
    build: null,
    snapshot: null,
    published: null,
    pruned: null,
    operations,
    exitCode: 0,
  };
  const chosen = phases ?? PHASES.filter((p) => PHASE[p].wanted?.(night) ?? true);
  for (const name of chosen) {
    const phase = PHASE[name];
    const started = performance.now();
    night.log(`${name} (${night.clock.now().toISOString()})`);
    let failed: string | null = null;
    let stack = '';
    try {
      await phase.run(night, report);
    } catch (error) {
      failed = errorText(error);
      stack = error instanceof Error ? (error.stack ?? '') : '';
    }
    report.phases.push({ name, ms: Math.round(performance.now() - started), failed });
    if (failed === null) continue;
    night.log(`  ${name} failed: ${stack || failed}`);
    if (phase.onFailure !== 'full build') report.exitCode = 1;
    if (phase.onFailure === 'stop') break;
  }
  report.operations = operations;
  return report;
}

/**
 * A source's runs (`source_runs`): every attempt to read it, live or from the archive, with its
 * outcome. Status and health are derived from this history (build/source-status.ts).
 */
import type { Db } from './db.ts';

export type RunOutcome = 'ok' | 'unchanged' | 'no_bulletin' | 'blocked' | 'unreachable' | 'broken' | 'disabled';

export type RunRecord = {
  source: string;
  startedAt: string;
  finishedAt: string;
  /** started by the nightly scheduler */
  scheduled: boolean;
  outcome: RunOutcome;
  httpStatus: number | null;
  message: string;
  documents: number;
  observations: number;
};

const MAX_RUN_MESSAGE = 2000;

export function recordRun(db: Db, run: RunRecord): void {
  db.prepare(`INSERT INTO source_runs (source_key, started_at, finished_at, scheduled, outcome, http_status, message, documents, observations)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    run.source,
    run.startedAt,
    run.finishedAt,
    run.scheduled ? 1 : 0,
    run.outcome,
    run.httpStatus,
    run.message.slice(0, MAX_RUN_MESSAGE),
    run.documents,
    run.observations,
  );
}

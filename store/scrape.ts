/**
 * Live collection: every enabled source is collected for one data day, each in isolation.
 * Errors are sorted by what to do about them and recorded as the source's run outcome, never
 * thrown out of the run: HTTP 401/403/429 → blocked (access denied; stop retrying), network
 * errors (before the headers or while the body streams) and 5xx after retries → unreachable, a
 * page the parser does not know (or a 404 where the list used to be, or an answer over the
 * maximum body size) → broken (the document is kept for a golden test), nothing published →
 * no_bulletin, a document already stored → unchanged. Data already published is never touched
 * by a failure: a failed run adds a source_runs row and nothing else.
 *
 * The whole run has a deadline, and sources are collected a few at a time (each is another
 * host): a source still running at the deadline is aborted and recorded unreachable, and one
 * not started by then is recorded unreachable too, both with a message naming the deadline.
 */
import { istanbulDay, type Day } from '../core/dates.ts';
import { LayoutError, type Collected, type SourceAdapter } from '../sources/types.ts';
import type { Catalogue } from '../sources/catalogue.ts';
import { BodyTooLargeError, HttpStatusError, NetworkError, type HttpClient } from '../sources/lib/http.ts';
import { markRepeatedBulletins } from './bulletins.ts';
import type { Db } from './db.ts';
import type { EvidenceFolder } from './documents.ts';
import { markImplausibleValues } from './implausible-values.ts';
import { documentMeta, ingestDocument } from './ingest.ts';
import { sha256HexSync } from '../core/digest-sync.ts';
import { recordRun, type RunOutcome } from './source-runs.ts';

export type RunReport = {
  source: string;
  outcome: RunOutcome;
  message: string;
  httpStatus: number | null;
  documents: number;
  observations: number;
};

export type ScrapeOptions = {
  day: Day;
  http: HttpClient;
  evidence: EvidenceFolder;
  catalogue: Catalogue;
  now?: () => Date;
  /** started by the nightly scheduler (recorded, so /sources/status can say it has been seen) */
  scheduled?: boolean;
  log?: (line: string) => void;
  /** aborted when the run's deadline passes (scrapeAll sets it) */
  signal?: AbortSignal;
};

/** The run's limits; the defaults are the nightly's. */
export const RUN_DEFAULTS = { deadlineMs: 20 * 60_000, concurrency: 4 } as const;
export type RunLimits = { deadlineMs?: number; concurrency?: number };

const durationText = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;

export class DeadlinePassed extends Error {
  constructor(readonly deadlineMs: number) {
    super(`the scrape's deadline of ${durationText(deadlineMs)} passed`);
    this.name = 'DeadlinePassed';
  }
}

function classify(error: unknown): { outcome: RunOutcome; httpStatus: number | null; message: string } {
  if (error instanceof DeadlinePassed)
    return { outcome: 'unreachable', httpStatus: null, message: `${error.message}: collection aborted` };
  if (error instanceof HttpStatusError) {
    if ([401, 403, 429].includes(error.status))
      return { outcome: 'blocked', httpStatus: error.status, message: error.message };
    if (error.status >= 500) return { outcome: 'unreachable', httpStatus: error.status, message: error.message };
    return { outcome: 'broken', httpStatus: error.status, message: error.message };
  }
  if (error instanceof NetworkError) return { outcome: 'unreachable', httpStatus: null, message: error.message };
  if (error instanceof BodyTooLargeError)
    return { outcome: 'broken', httpStatus: error.status, message: error.message };
  if (error instanceof LayoutError) return { outcome: 'broken', httpStatus: null, message: error.message };
  return {
    outcome: 'broken',
    httpStatus: null,
    message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
}

/** GET requests carry the validators of the copy we hold; a 304 hands back that copy's bytes. */
function conditionalHttp(db: Db, http: HttpClient, evidence: EvidenceFolder): HttpClient {
  const find = db.prepare('SELECT etag, last_modified, sha256, content_type FROM fetch_validators WHERE url = ?');
  const save =
    db.prepare(`INSERT INTO fetch_validators (url, etag, last_modified, sha256, content_type, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT(url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified, sha256 = excluded.sha256,
      content_type = excluded.content_type, fetched_at = excluded.fetched_at`);
  return {
    async request(url, req = {}) {
      const isGet = (req.method ?? (req.form || req.json !== undefined ? 'POST' : 'GET')) === 'GET';
      if (!isGet) return http.request(url, req);
      const held = find.get(url) as
        | { etag: string | null; last_modified: string | null; sha256: string; content_type: string }
        | undefined;
      const bytesHeld = held ? evidence.get(held.sha256) : null;
      const response = await http.request(
        url,
        bytesHeld ? { ...req, etag: held!.etag, lastModified: held!.last_modified } : req,
      );
      if (response.notModified) {
        if (!bytesHeld) return http.request(url, req);
        return { ...response, status: 200, bytes: bytesHeld, contentType: held!.content_type };
      }
      if (response.etag || response.lastModified) {
        const sha = sha256HexSync(response.bytes);
        evidence.put(sha, response.bytes);
        save.run(url, response.etag, response.lastModified, sha, response.contentType, response.fetchedAt);
      }
      return response;
    },
  };
}

/** `http` with the run's deadline on every request. */
function underDeadline(http: HttpClient, signal: AbortSignal | undefined): HttpClient {
  return signal ? { request: (url, req = {}) => http.request(url, { ...req, signal }) } : http;
}

/** `work`, or a DeadlinePassed as soon as `signal` aborts, whether or not `work` notices. */
function untilDeadline<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Collects the source and stores what it published; counts go into `report` as they come. */
async function collectInto(report: RunReport, db: Db, adapter: SourceAdapter, options: ScrapeOptions): Promise<void> {
  const { definition } = adapter;
  const now = options.now ?? (() => new Date());
  let unchanged = 0;
  const none: string[] = [];
  const collecting = adapter.collect!({
    day: options.day,
    today: istanbulDay(now()),
    http: underDeadline(conditionalHttp(db, options.http, options.evidence), options.signal),
    log: options.log ?? (() => {}),
  });
  const collected: Collected[] = await untilDeadline(collecting, options.signal);
  for (const item of collected) {
    if ('none' in item) {
      none.push(item.none);
      continue;
    }
    const { document, parser } = item;
    const sha = sha256HexSync(document.bytes);
    const storedPath = options.evidence.put(sha, document.bytes);
    let parsed;
    try {
      parsed = parser.parse(document);
    } catch (error) {
      // Keep what we could not read: it is the golden test of the next parser version.
      if (error instanceof LayoutError) error.message += ` (document kept as evidence ${sha})`;
      throw error;
    }
    // A page that prints no row and names no bulletin day is a day without a list.
    if (parsed.rows.length === 0 && parsed.bulletinDays.length === 0) {
      none.push(`${parser.id}: the document holds no list`);
      continue;
    }
    const meta = documentMeta('live', document, parser, storedPath);
    const ingest = ingestDocument(db, definition, options.catalogue, document.bytes, meta, parsed);
    if (ingest.skipped) unchanged++;
    else {
      report.documents++;
      report.observations += ingest.observations;
    }
  }
  report.outcome = report.documents > 0 ? 'ok' : unchanged > 0 ? 'unchanged' : 'no_bulletin';
  report.message = [
    report.documents ? `${report.documents} new documents, ${report.observations} observations` : '',
    unchanged ? `${unchanged} unchanged` : '',
    ...none,
  ]
    .filter(Boolean)
    .join('; ');
}

export async function scrapeSource(db: Db, adapter: SourceAdapter, options: ScrapeOptions): Promise<RunReport> {
  const { definition } = adapter;
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const report: RunReport = {
    source: definition.key,
    outcome: 'no_bulletin',
    message: '',
    httpStatus: null,
    documents: 0,
    observations: 0,
  };
  if (!definition.enabled || !adapter.collect) {
    report.outcome = 'disabled';
    report.message = definition.enabled ? 'no live collection for this source' : 'collection paused in the registry';
  } else if (options.signal?.aborted) {
    Object.assign(report, {
      outcome: 'unreachable',
      message: `${(options.signal.reason as Error).message}: not started`,
    });
  } else {
    try {
      await collectInto(report, db, adapter, options);
    } catch (error) {
      Object.assign(report, classify(error));
    }
  }
  recordRun(db, { ...report, startedAt, finishedAt: now().toISOString(), scheduled: options.scheduled ?? false });
  return report;
}

/**
 * Every source, `concurrency` at a time, within `deadlineMs`; the reports in the order of
 * `adapters`. Then the store-wide marks: repeated bulletins, implausible lows.
 */
export async function scrapeAll(
  db: Db,
  adapters: readonly SourceAdapter[],
  options: ScrapeOptions & RunLimits,
): Promise<RunReport[]> {
  const { deadlineMs = RUN_DEFAULTS.deadlineMs, concurrency = RUN_DEFAULTS.concurrency } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlinePassed(deadlineMs)), deadlineMs);
  const reports: RunReport[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < adapters.length; i = next++) {
      const report = await scrapeSource(db, adapters[i]!, { ...options, signal: deadline.signal });
      options.log?.(`  ${report.source.padEnd(20)} ${report.outcome.padEnd(12)} ${report.message}`);
      reports[i] = report;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, adapters.length)) }, lane));
  } finally {
    clearTimeout(timer);
  }
  markRepeatedBulletins(db);
  markImplausibleValues(db);
  return reports;
}

/**
 * A replay of real nights: the nightly job (scripts/nightly/run.ts, the same phases the workflow
 * runs) night after night with the clock set to the nightly's hour, against the stand-ins of the
 * official sites, publishing into the local worker's R2 bucket; after each night the worker
 * serves the new build and its scheduled notifier mails the alerts that crossed.
 *
 * Night D is the run that collects the lists of data day D: it starts at 02:30 UTC on D+1, the
 * workflow's cron hour. Before the first night, the eve publishes the archive the replay starts
 * from (its build day is the first night's day). Every night starts as a GitHub runner does, with
 * no store, no previous build and no evidence on disk: it restores the store the bucket holds.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FetchMissing } from '../../build/incremental/previous.ts';
import { addDays, daysBetween, type Day } from '../../core/dates.ts';
import type { ObjectBucket } from '../../publish/bucket.ts';
import { DEFAULT_RETENTION } from '../../publish/prune.ts';
import { openDb } from '../../store/db.ts';
import { startLocalWorker, type LocalWorker } from '../lib/local-worker.ts';
import { smtpBindings, startSmtpServer, type SmtpServer } from '../lib/local-smtp.ts';
import { clockAt, type Clock } from '../nightly/clock.ts';
import type { NightOptions, NightReport, PhaseName } from '../nightly/night.ts';
import { runNightly } from '../nightly/run.ts';
import { firstNightLeak, replayArchive } from './archive.ts';
import { killedAfter } from './killed-bucket.ts';
import { faultsOf, NO_FAULTS, type Faults } from './faults.ts';
import {
  figuresOf,
  forecastsIn,
  moved,
  nightLine,
  statesOf,
  type NightFigures,
  type SourceStates,
} from './night-line.ts';
import { startStandIns, type StandIns } from './stand-ins/server.ts';

/** The workflow's cron hour (02:30 UTC, 05:30 in Istanbul) on the morning after the data day. */
const nightAt = (day: Day): string => `${addDays(day, 1)}T02:30:00Z`;
/** How long after the night's publication the worker is asked: past the minute it keeps the pointer (edge/store.ts). */
const POINTER_MINUTE_MS = 61_000;
const CRON = '30 2 * * *';

export type ReplayOptions = {
  from: Day;
  to: Day;
  /** the replay's own folder: store, bucket, builds, databases (emptied first) */
  dir: string;
  /** the archive the store starts from; default: data/sources without the documents of the nights */
  archive?: string;
  /** what goes wrong on which night (scripts/replay/faults.ts): none by default */
  faults?: Partial<Faults>;
  snapshot: boolean;
  port?: number;
  /** the per-night lines */
  log(line: string): void;
  /** the nightly's own log */
  nightLog?(line: string): void;
  /** after each night, when the worker serves its build (the test's invariants) */
  afterNight?(night: ReplayedNight, replay: Replay): Promise<void> | void;
};

export type ReplayedNight = {
  day: Day;
  clock: Clock;
  report: NightReport;
  figures: NightFigures;
  states: SourceStates;
};

export type Replay = {
  worker: LocalWorker;
  /** the worker's R2 bucket, as the nights publish into it */
  bucket: ObjectBucket;
  smtp: SmtpServer;
  standIns: StandIns;
  nights: ReplayedNight[];
  /** the store, build and folders a night runs with */
  paths: { db: string; out: string; previous: string; evidence: string; archive: string };
  close(): Promise<void>;
};

const THE_EVE: PhaseName[] = ['restore', 'import', 'save-store', 'fetch-previous', 'build', 'publish'];
const A_NIGHT: PhaseName[] = [...THE_EVE.slice(0, 2), 'scrape', ...THE_EVE.slice(2)];

export async function runReplay(options: ReplayOptions): Promise<Replay> {
  rmSync(options.dir, { recursive: true, force: true });
  const archive = options.archive ?? join(options.dir, 'archive');
  if (!options.archive) for (const line of replayArchive(archive, options.from)) options.log(`archive: ${line}`);
  const replay = await startServices(options, archive);
  const night = nightOptionsOf(replay, options);
  try {
    let states: SourceStates = new Map();
    const eve = addDays(options.from, -1);
    for (let day = eve; day <= options.to; day = addDays(day, 1)) {
      const replayed = await replayNight(replay, options, night, day, day === eve ? THE_EVE : A_NIGHT, states);
      if (day === eve) checkArchive(replay, options.from);
      states = replayed.states;
      replay.nights.push(replayed);
      options.log(nightLine(replayed.figures));
      await options.afterNight?.(replayed, replay);
    }
  } catch (error) {
    await replay.close();
    throw error;
  }
  return replay;
}

/** The mail server, the stand-ins and the local worker with the replay's clock, nothing published yet. */
async function startServices(options: ReplayOptions, archive: string): Promise<Replay> {
  const runner = join(options.dir, 'runner');
  const smtp = await startSmtpServer({
    onMail: (m) => options.log(`  mail to ${m.envelope.to.join(', ')}: ${m.parsed.subject ?? ''}`),
  });
  const standIns = await startStandIns();
  const port = options.port ?? 0;
  const worker = await startLocalWorker({
    distDir: join(options.dir, 'dist'),
    bucketDir: join(options.dir, 'bucket'),
    keysDir: join(options.dir, 'd1'),
    port,
    publishAtStart: false,
    replayClock: true,
    bindings: {
      ...smtpBindings(smtp),
      ALERT_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
    },
  });
  return {
    worker,
    bucket: await worker.bucket(),
    smtp,
    standIns,
    nights: [],
    paths: {
      db: join(runner, 'hal.sqlite'),
      out: join(options.dir, 'dist'),
      previous: join(runner, 'previous'),
      evidence: join(runner, 'evidence'),
      archive,
    },
    close: async () => {
      await worker.dispose();
      await standIns.close();
      await smtp.close();
    },
  };
}

/** The command the build runs for what it lacks: fetch-missing.ts, reading the local bucket at its door's socket. */
const fetchMissingFrom = (bucketUrl: URL): FetchMissing => [
  process.execPath,
  '--import',
  'tsx',
  fileURLToPath(new URL('./fetch-missing.ts', import.meta.url)),
  bucketUrl.href,
];

/** What each night is given: the runner's folders, the local bucket, the stand-ins' origin. */
function nightOptionsOf(replay: Replay, options: ReplayOptions): (clock: Clock, day: Day) => NightOptions {
  const { worker, paths, bucket } = replay;
  return (clock, day) => ({
    clock,
    day,
    dbPath: paths.db,
    outDir: paths.out,
    previousDir: paths.previous,
    evidenceDir: paths.evidence,
    archiveRoot: paths.archive,
    bucket: () => bucket,
    fetchMissing: fetchMissingFrom(worker.bucketUrl!),
    // A stand-in's outage is immediate: the pauses between retries are cut, the retries are the night's.
    http: { origin: replay.standIns.origin, backoffMs: 20 },
    scrape: { scheduled: true },
    publish: {
      snapshot: options.snapshot,
      prune: true,
      retention: DEFAULT_RETENTION,
      // As the local worker loads a build: enough for the loader's batches to fill (scripts/lib/local-worker.ts).
      concurrency: 256,
      snapshotDir: join(dirname(paths.db), 'snapshot'),
      progress: null,
    },
    log: options.nightLog ?? (() => {}),
  });
}

/** One night as the runner lives it, then the worker's new build, its notifier and its status. */
async function replayNight(
  replay: Replay,
  options: ReplayOptions,
  night: (clock: Clock, day: Day) => NightOptions,
  day: Day,
  phases: PhaseName[],
  before: SourceStates,
): Promise<ReplayedNight> {
  const started = performance.now();
  const clock = clockAt(nightAt(day));
  const faults: Faults = { ...NO_FAULTS, ...options.faults };
  const down = faults.down.filter((o) => o.nights.includes(day)).map((o) => o.source);
  const truncated = faults.truncated.filter((t) => t.night === day).map((t) => t.source);
  replay.standIns.night({ at: new Date(clock.at), down, truncated });
  await replay.worker.setClock(clock.now());
  const servedBefore = replay.nights.findLast((n) => n.report.published)?.report.published?.buildId;
  // A runner starts empty: the store and what it fetched come back from the bucket.
  rmSync(dirname(replay.paths.db), { recursive: true, force: true });
  mkdirSync(dirname(replay.paths.db), { recursive: true });
  const killed = faults.killed.find((k) => k.night === day);
  const bucket = killed ? killedAfter(replay.bucket, killed.afterPuts) : replay.bucket;
  const phasesTonight = faults.skipped.includes(day) ? [] : phases;
  const report = await runNightly({ ...night(clock, day), bucket: () => bucket }, phasesTonight);
  const served = new Date(clock.now().getTime() + POINTER_MINUTE_MS);
  await replay.worker.setClock(served);
  // A night that published nothing leaves the build before it served.
  const buildId = report.published?.buildId ?? servedBefore;
  if (buildId) await expectServed(replay.worker, buildId);
  const mailed = await notify(replay, served);
  const states = statesOf(await getJson(replay.worker, '/api/v1/sources/status'));
  const figures = figuresOf(day, report, {
    moved: moved(before, states),
    mailed,
    forecasts:
      report.published && existsSync(join(replay.paths.out, 'manifest.json')) ? forecastsIn(replay.paths.out) : 0,
    nightMs: performance.now() - started,
    faults: faultsOf(faults, day),
  });
  return { day, clock, report, figures, states };
}

/** The eve's store holds nothing of the replayed nights: they must arrive night by night. */
function checkArchive(replay: Replay, from: Day): void {
  const db = openDb(replay.paths.db);
  try {
    const leak = firstNightLeak(db, from);
    if (leak.length)
      throw new Error(
        `the archive the replay starts from holds data of the replayed nights: ${leak.map((l) => `${l.source} (${l.days} days)`).join(', ')}`,
      );
  } finally {
    db.close();
  }
}

async function getJson<T = any>(worker: LocalWorker, path: string): Promise<T> {
  const answer = await fetch(new URL(path, worker.url), { headers: { 'cf-connecting-ip': '10.255.0.1' } });
  if (answer.status !== 200 && answer.status !== 503) throw new Error(`${path}: HTTP ${answer.status}`);
  return (await answer.json()) as T;
}

/** The worker serves the build just published (its pointer read again after the minute it keeps it). */
async function expectServed(worker: LocalWorker, buildId: string): Promise<void> {
  const health = await getJson<{ build: { id: string } }>(worker, '/api/v1/health');
  if (health.build.id !== buildId)
    throw new Error(`the worker serves ${health.build.id}, not the build just published ${buildId}`);
}

/** The worker's scheduled event, as the cron trigger fires it; answers the mails it sent. */
async function notify(replay: Replay, at: Date): Promise<number> {
  const before = replay.smtp.messages.length;
  const api = (await replay.worker.mf.getWorker('api')) as unknown as {
    scheduled(options: { scheduledTime?: Date; cron?: string }): Promise<{ outcome: string }>;
  };
  const result = await api.scheduled({ scheduledTime: at, cron: CRON });
  if (result.outcome !== 'ok') throw new Error(`the notifier's run ended ${result.outcome}`);
  return replay.smtp.messages.length - before;
}

/** Nights from `from` to `to`, both included. */
export const nightsOf = (from: Day, to: Day): number => daysBetween(from, to) + 1;

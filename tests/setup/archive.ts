/**
 * The suite's archive, made once and shared by every project that reads it: the whole real
 * archive imported into SQLite, built with a fixed build day and its snapshot written, as the
 * nightly makes them (tests/setup/shared-worker.ts publishes both into the local bucket). It is
 * cached under `.cache/test/<key>/`, the key a hash of what it is made from
 * (tests/setup/content-key.ts): a rerun with nothing changed reuses it, a clean clone makes it.
 *
 * A clean clone makes it in a process of its own (tests/setup/make-archive.ts) while the projects
 * that do not read it (unit, system) run: the global setup returns at once, and each file that reads
 * it first waits for it (tests/setup/archive-ready.ts).
 */
import { fork } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../build/build.ts';
import type { DistManifest } from '../../core/publication.ts';
import { createSnapshot, type SnapshotFiles } from '../../publish/snapshot.ts';
import { ROOT } from '../../scripts/lib/bundle-worker.ts';
import { bucketDirOf } from '../../scripts/lib/local-worker.ts';
import { openDb } from '../../store/db.ts';
import { importArchives } from '../../store/import.ts';
import { contentKey } from './content-key.ts';
import { readMarker, writeMarker, type Marker } from './marker.ts';

export const SUITE_DAY = '2026-11-21';
export const SUITE_BUILT_AT = '2026-11-21T03:00:00Z';
/** What goes into the key besides the inputs' bytes: change the steps below, and change this line with them. */
const RECIPE = `import, build on ${SUITE_DAY} at ${SUITE_BUILT_AT}, snapshot`;
const CACHE = '.cache/test';
/** Written last, once the archive is whole: its description, and by its time when it was last used. */
const READY = 'archive.json';

export type SuiteArchive = {
  key: string;
  dbPath: string;
  distDir: string;
  snapshot: SnapshotFiles;
  /** seconds each step took when the archive was made */
  seconds: Record<'import' | 'build' | 'snapshot', number>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    dbPath: string;
    distDir: string;
    today: string;
    /** a file written when the archive is made: `{ ok: true, archive }`, or `{ ok: false, error }` */
    archiveMarker: string;
  }
}

/** What the archive's marker holds once it is made (tests/setup/marker.ts). */
export type ArchiveMade = { archive: SuiteArchive };
export const ARCHIVE_FAILED = 'the suite archive could not be made';

/** `import 28.2 s, build 65.2 s, snapshot 29 s` */
const stepsOf = (archive: SuiteArchive) =>
  Object.entries(archive.seconds)
    .map(([step, s]) => `${step} ${s} s`)
    .join(', ');

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** The archive of this content: the cached one, or a new one made now (and the older ones removed). */
export async function suiteArchive(log: (line: string) => void = console.log): Promise<SuiteArchive> {
  const key = contentKey(ROOT, RECIPE);
  const dir = join(CACHE, key);
  const ready = join(dir, READY);
  if (existsSync(ready)) return used(ready);
  // Two runs started at once (a developer's and a watcher's) make it once: the second waits for the first.
  const release = await lock(`${dir}.lock`);
  try {
    if (existsSync(ready)) return used(ready);
    return await makeArchive(key, dir, ready, log);
  } finally {
    release();
  }
}

async function makeArchive(
  key: string,
  dir: string,
  ready: string,
  log: (line: string) => void,
): Promise<SuiteArchive> {
  forgetArchives(key);
  mkdirSync(dir, { recursive: true });
  const archive = { key, ...pathsOf(key) } as SuiteArchive;
  const db = openDb(archive.dbPath);
  let t = performance.now();
  importArchives(db);
  const imported = seconds(t);
  t = performance.now();
  const report = buildSite({ db, outDir: archive.distDir, today: SUITE_DAY, builtAt: SUITE_BUILT_AT });
  db.close();
  const built = seconds(t);
  const manifest = JSON.parse(readFileSync(join(archive.distDir, 'manifest.json'), 'utf8')) as DistManifest;
  t = performance.now();
  archive.snapshot = await createSnapshot({
    dbPath: archive.dbPath,
    outDir: join(dir, 'snapshot'),
    day: SUITE_DAY,
    buildId: manifest.buildId,
    builtAt: SUITE_BUILT_AT,
  });
  archive.seconds = { import: imported, build: built, snapshot: seconds(t) };
  log(`suite archive ${key}: ${report.objects} objects, snapshot ${archive.snapshot.prefix}`);
  writeFileSync(ready, JSON.stringify(archive));
  return archive;
}

function used(ready: string): SuiteArchive {
  const now = new Date();
  utimesSync(ready, now, now);
  return JSON.parse(readFileSync(ready, 'utf8')) as SuiteArchive;
}

/** A lock held by this process while it makes the archive: a folder, which only one process can create. */
async function lock(path: string): Promise<() => void> {
  mkdirSync(CACHE, { recursive: true });
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, 'pid'), String(process.pid));
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(path)) rmSync(path, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function holderAlive(path: string): boolean {
  const pidFile = join(path, 'pid');
  // Created, its pid not written yet: the holder is there.
  if (!existsSync(pidFile)) return true;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

const beingMade = (name: string) => existsSync(join(CACHE, `${name}.lock`)) && holderAlive(join(CACHE, `${name}.lock`));

/** Archives kept besides the one being made: a bug planted for a moment and taken out again finds its archive. */
const KEPT = 2;

/** Archives of other content and their buckets, but the most recently used: a machine keeps a few. */
function forgetArchives(key: string): void {
  if (!existsSync(CACHE)) return;
  const lastUsed = (name: string) =>
    existsSync(join(CACHE, name, READY)) ? statSync(join(CACHE, name, READY)).mtimeMs : 0;
  // One another run is making now (its lock is there) is not a leftover.
  const others = readdirSync(CACHE)
    .filter((name) => !name.startsWith(key) && !name.endsWith('.lock') && !beingMade(name))
    .sort((a, b) => lastUsed(b) - lastUsed(a));
  for (const name of others.slice(KEPT)) {
    rmSync(bucketDirOf(join(CACHE, name, 'dist')), { recursive: true, force: true });
    rmSync(join(CACHE, name), { recursive: true, force: true });
  }
}

const pathsOf = (key: string) => ({ dbPath: join(CACHE, key, 'hal.sqlite'), distDir: join(CACHE, key, 'dist') });

type Made = { marker: string; folder: string; done: Promise<void>; users: number };
/** Projects load their global setups apart: the archive of the run is made once, for all of them. */
const KEY = Symbol.for('hal-api.suite-archive');
const holder = globalThis as { [KEY]?: Made };

/** The archive of this content, ready or being made by a process of its own; its marker is written when it is ready. */
function make(key: string): Made {
  const folder = mkdtempSync(join(tmpdir(), 'hal-suite-archive-'));
  const marker = join(folder, 'archive.json');
  const mark = (content: Marker<ArchiveMade>) => writeMarker(marker, content);
  const ready = join(CACHE, key, READY);
  if (existsSync(ready)) {
    const archive = used(ready);
    console.log(`suite archive ${key} reused (made in ${stepsOf(archive)})`);
    mark({ ok: true, archive });
    return { marker, folder, done: Promise.resolve(), users: 0 };
  }
  const t = performance.now();
  const child = fork(new URL('./make-archive.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const done = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      if (code === 0 && existsSync(ready)) {
        const archive = used(ready);
        console.log(`suite archive ${key} made in ${seconds(t)} s (${stepsOf(archive)}) beside the first projects`);
        mark({ ok: true, archive });
      } else mark({ ok: false, error: `tests/setup/make-archive.ts ended with ${signal ?? code}:\n${stderr}` });
      resolve();
    });
  });
  return { marker, folder, done, users: 0 };
}

/** The archive, once it is made (in the process whose global setup started its making). */
export async function madeArchive(): Promise<SuiteArchive> {
  const made = holder[KEY];
  if (!made) throw new Error('tests/setup/archive.ts is the global setup before this one');
  await made.done;
  return readMarker<ArchiveMade>(made.marker, ARCHIVE_FAILED).archive;
}

export default function setup(project: TestProject): () => Promise<void> {
  const key = contentKey(ROOT, RECIPE);
  const made = (holder[KEY] ??= make(key));
  made.users++;
  const paths = pathsOf(key);
  project.provide('dbPath', paths.dbPath);
  project.provide('distDir', paths.distDir);
  project.provide('today', SUITE_DAY);
  project.provide('archiveMarker', made.marker);
  return async () => {
    await made.done;
    if (--made.users > 0) return;
    rmSync(made.folder, { recursive: true, force: true });
    delete holder[KEY];
  };
}

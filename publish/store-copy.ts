/**
 * The store between nightly runs. A GitHub runner starts empty, so the nightly restores the
 * SQLite store from the bucket before it scrapes, and saves it right after (before build and
 * tests), so what a night collected survives a failing build. The saved copy is
 * `state/hal.sqlite.gz` (its SHA-256 in the object's metadata); without it, the newest published
 * snapshot is used; without either, the store starts from the archives in data/sources.
 * Documents the collector fetched are kept in the bucket for good, content-addressed
 * (`evidence/<sha256[0:2]>/<sha256>`), as the evidence store keeps them on disk.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { advanceClock } from '../build/incremental/state.ts';
import type { ObjectBucket } from './bucket.ts';
import { CACHE, STATE_DB_KEY, SNAPSHOTS_LIST_KEY, evidenceKey } from './layout.ts';
import { sha256HexSync } from '../core/digest-sync.ts';
import { forEachLimit } from './pool.ts';
import type { SnapshotsList } from './release.ts';
import { DATABASE_FILE } from './snapshot.ts';

export type SaveReport = { dbBytes: number; storedBytes: number; evidenceSent: number; evidenceKept: number };

export async function saveStore(bucket: ObjectBucket, dbPath: string, evidenceDir: string | null): Promise<SaveReport> {
  const report: SaveReport = { dbBytes: 0, storedBytes: 0, evidenceSent: 0, evidenceKept: 0 };
  if (evidenceDir && existsSync(evidenceDir)) await saveEvidence(bucket, evidenceDir, report);
  const bytes = storeCopy(dbPath);
  const body = gzipSync(bytes, { level: 6 });
  await bucket.put({
    key: STATE_DB_KEY,
    body,
    contentType: 'application/gzip',
    cacheControl: CACHE.state,
    contentEncoding: null,
    metadata: { sha256: sha256HexSync(bytes), bytes: String(bytes.byteLength) },
  });
  return Object.assign(report, { dbBytes: bytes.byteLength, storedBytes: body.byteLength });
}

/**
 * The store as the next night restores it: a consistent copy (VACUUM INTO) whose clock is
 * advanced. Tonight's build reads the store at its present clock; the next night's writes, on
 * this copy, are stamped later, so that build finds them changed (build/incremental/state.ts).
 */
export function storeCopy(dbPath: string): Buffer {
  const copy = `${dbPath}.save`;
  rmSync(copy, { force: true });
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  db.prepare('VACUUM INTO ?').run(copy);
  db.close();
  const saved = new Database(copy);
  advanceClock(saved);
  saved.close();
  const bytes = readFileSync(copy);
  rmSync(copy);
  return bytes;
}

async function saveEvidence(bucket: ObjectBucket, dir: string, report: SaveReport): Promise<void> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^[0-9a-f]{64}$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  await forEachLimit(files, 8, async (file) => {
    const bytes = readFileSync(file);
    const sha = sha256HexSync(bytes);
    if (!file.endsWith(sha)) throw new Error(`${file} does not hold the bytes its name says (sha256 ${sha})`);
    if (await bucket.head(evidenceKey(sha))) {
      report.evidenceKept++;
      return;
    }
    await bucket.put({
      key: evidenceKey(sha),
      body: bytes,
      contentType: 'application/octet-stream',
      cacheControl: CACHE.immutable,
      contentEncoding: null,
      metadata: { sha256: sha },
    });
    report.evidenceSent++;
  });
}

export type RestoreReport = { from: string | null; bytes: number };

/** Downloads the saved store (or the newest snapshot's) to `dbPath`, checked against its SHA-256; never over an existing store unless `force`. */
export async function restoreStore(bucket: ObjectBucket, dbPath: string, force = false): Promise<RestoreReport> {
  if (existsSync(dbPath) && !force) throw new Error(`${dbPath} exists: restoring would replace it (pass --force)`);
  let from = STATE_DB_KEY;
  let object = await bucket.get(STATE_DB_KEY);
  let sha = object?.metadata.sha256 ?? null;
  if (!object) {
    const newest = (await bucket.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY))?.snapshots[0];
    if (!newest) return { from: null, bytes: 0 };
    from = newest.prefix + DATABASE_FILE;
    object = await bucket.get(from);
    if (!object) throw new Error(`${from} is listed in ${SNAPSHOTS_LIST_KEY} but missing`);
    const listed = newest.files.find((f) => f.path === DATABASE_FILE)?.sha256;
    if (listed !== sha256HexSync(object.bytes))
      throw new Error(`${from} does not match its checksum in ${SNAPSHOTS_LIST_KEY}`);
    sha = null;
  }
  const bytes = gunzipSync(object.bytes);
  if (sha && sha256HexSync(bytes) !== sha) throw new Error(`${from} does not match its SHA-256 ${sha}`);
  mkdirSync(dirname(dbPath), { recursive: true });
  const temporary = `${dbPath}.restore`;
  writeFileSync(temporary, bytes);
  const check = new Database(temporary, { readonly: true });
  const verdict = check.pragma('quick_check', { simple: true });
  check.close();
  if (verdict !== 'ok') throw new Error(`${from} is not a sound SQLite database (${String(verdict)})`);
  for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  renameSync(temporary, dbPath);
  return { from, bytes: bytes.byteLength };
}

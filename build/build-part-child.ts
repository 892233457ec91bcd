/** Child of build/build-part.ts: writes history and evidence into the build's root, then its manifest entries. */
import { renameSync, writeFileSync } from 'node:fs';
import { openDb } from '../store/db.ts';
import { writeEvidence } from './endpoints/evidence.ts';
import { writeHistory } from './endpoints/history.ts';
import { PreviousBuild, type FetchMissing } from './incremental/previous.ts';
import { loadModel } from './model.ts';
import { OutputWriter } from './writer.ts';

const [dbPath, outDir, today, resultFile, previousDir, takenBefore, fetchMissing] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string?,
  string?,
  string?,
];
try {
  const db = openDb(dbPath);
  const model = loadModel(db, today);
  const writer = new OutputWriter(outDir, { keep: true });
  const previous = previousDir
    ? PreviousBuild.read(previousDir, (JSON.parse(fetchMissing ?? 'null') as FetchMissing | null) ?? undefined)
    : null;
  if (previousDir && !previous) throw new Error(`no previous build in ${previousDir}`);
  const incremental = previous ? { from: takenBefore!, previous } : undefined;
  if (previous) writer.reuseFrom(previous);
  writeHistory(db, model, writer, { incremental });
  const evidenceShards = writeEvidence(db, model, writer, incremental?.from);
  writer.settle();
  db.close();
  answer({
    entries: [...writer.entries],
    bytes: writer.bytesWritten,
    reused: writer.reused,
    inBucket: writer.inBucket,
    evidenceShards,
    maxRssKb: process.resourceUsage().maxRSS,
  });
} catch (error) {
  answer({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}

/** Written whole, then renamed: the parent never reads half a result. */
function answer(value: unknown): void {
  writeFileSync(`${resultFile}.tmp`, JSON.stringify(value));
  renameSync(`${resultFile}.tmp`, resultFile);
}

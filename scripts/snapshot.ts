/** npm run snapshot: the researchers' dataset of the store (SQLite, CSV per table, datapackage.json, SHA256SUMS) into a directory, without publishing. */
import { createSnapshot } from '../publish/snapshot.ts';
import { MB } from '../publish/progress.ts';
import { istanbulDay } from '../core/dates.ts';
import { DEFAULT_DB, option } from './args.ts';

const day = option('today', istanbulDay(new Date()));
const outDir = option('snapshot-out', `.cache/snapshot-${day}`);
const snapshot = await createSnapshot({
  dbPath: option('db', DEFAULT_DB),
  outDir,
  day,
  buildId: option('build-id', `${day}-local`),
  builtAt: new Date().toISOString(),
});
for (const f of snapshot.files) console.log(`  ${f.path.padEnd(34)} ${MB(f.bytes).padStart(9)}  sha256 ${f.sha256}`);
console.log(
  `Snapshot in ${outDir}/ (${snapshot.rows.observations ?? 0} observations); check it with: cd ${outDir} && sha256sum -c SHA256SUMS`,
);

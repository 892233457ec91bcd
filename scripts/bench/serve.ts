/**
 * npm run bench:serve [-- --out DIR --duration SECONDS --handler-cpu]: the API as `npm start`
 * serves it beside a plain static file server over the same object files, loaded with wrk at
 * fixed concurrency, one query at a time. Prints per query req/s, p50, p99, answers outside
 * 2xx/3xx, CPU per request of the API's processes (workerd and this Node process, where the local
 * edge runs) and the ratio to the static server, with a worker that does nothing (the floor any
 * worker has here) between them. Uses an existing build; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_FILE } from '../../core/objects.ts';
import { startLocalWorker } from '../lib/local-worker.ts';
import { DEFAULT_OUT, option } from '../args.ts';
import { cpuMs, processTree, TICKS_PER_SECOND } from './serve/cpu.ts';
import { firstAnswer } from './serve/first-answer.ts';
import { startFloorWorker } from './serve/floor-worker.ts';
import { LARGEST_OBJECT, izmirMarket, queries } from './serve/queries.ts';
import { formatRow, HEADER, type Row } from './serve/report.ts';
import { startStaticServer } from './serve/static-server.ts';
import { WRK, wrkInstalled, wrkRunner, type WrkOptions } from './serve/wrk.ts';

const distDir = option('out', DEFAULT_OUT);
const load: WrkOptions = { threads: 2, connections: 10, durationSeconds: Number(option('duration', '15')) };
const manifestPath = join(distDir, MANIFEST_FILE);
if (!existsSync(manifestPath)) {
  console.error(`No build in ${distDir}/ (${manifestPath} is missing): run \`npm start\` or \`npm run build\` first.`);
  process.exit(1);
}
if (!wrkInstalled()) {
  console.error(`wrk is missing (${WRK}): install it with \`apt-get install wrk\`.`);
  process.exit(1);
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const changed = git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : '';
const commit = `${git('rev-parse', '--short', 'HEAD')}${changed}`;
const objects = Object.keys((JSON.parse(readFileSync(manifestPath, 'utf8')) as { objects: object }).objects).length;
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const market = izmirMarket(distDir);
const temp = mkdtempSync(join(tmpdir(), 'hal-bench-serve-'));

console.log(`bench:serve at commit ${commit}; ${cpus().length} cores (${cpus()[0]?.model.trim()})`);
console.log(`load average at start: ${loadAverage()} (1, 5, 15 min)`);
console.log(`build ${distDir}/: ${objects} objects; İzmir market ${market.slug}, its last day ${market.day}`);
console.log(
  `wrk: ${load.threads} threads, ${load.connections} connections, ${load.durationSeconds} s per query, one query at a` +
    ' time; Accept-Encoding: br, gzip; a new cf-connecting-ip per request',
);

const api = await startLocalWorker({ distDir, port: 0 });
const apiTree = processTree(process.pid);
const workerd = apiTree.filter((p) => p.comm === 'workerd').map((p) => p.pid);
const floor = await startFloorWorker(distDir);
const floorWorkerd = processTree(process.pid)
  .filter((p) => p.comm === 'workerd' && !workerd.includes(p.pid))
  .map((p) => p.pid);
const staticServer = await startStaticServer(distDir, temp);
const staticPids = processTree(staticServer.pid).map((p) => p.pid);
console.log(
  `API: npm start's local worker at ${api.url} (workerd pids ${workerd.join(', ')}, node pid ${process.pid})`,
);
console.log(
  `floor: a worker sending the largest object's brotli twin from memory, behind the same local edge, at ${floor.url} (workerd pids ${floorWorkerd.join(', ')})`,
);
console.log(`static server: ${staticServer.kind} at ${staticServer.url} (pids ${staticPids.join(', ')})`);
console.log(`CPU: utime + stime from /proc over each run ÷ requests completed (tick ${1000 / TICKS_PER_SECOND} ms)\n`);

const wrk = wrkRunner(temp, load);
async function measure(url: URL, groups: number[][]): Promise<Omit<Row, 'label' | 'ratio' | 'peer'>> {
  const answer = await firstAnswer(url);
  const before = groups.map(cpuMs);
  const run = await wrk(url.href);
  const used = groups.map((pids, i) => cpuMs(pids) - before[i]!);
  return { answer, run, cpuMsPerRequest: used.map((ms) => ms / Math.max(1, run.requests)) };
}

const rows: Row[] = [];
const statics: number[] = [];
for (const [label, key] of [
  ['static identity', LARGEST_OBJECT],
  ['static br', `${LARGEST_OBJECT}.br`],
]) {
  const m = await measure(new URL(key!, staticServer.url), [staticPids]);
  statics.push(m.run.requests / m.run.seconds);
  rows.push({ label: label!, ...m });
}
const staticBr = statics[1]!;
for (const [label, url] of [
  ['floor worker, direct', floor.direct],
  ['floor worker', floor.url],
] as const) {
  const m = await measure(url, [floorWorkerd, [process.pid]]);
  rows.push({ label, ...m, ratio: m.run.requests / m.run.seconds / staticBr });
}
await floor.dispose();
for (const q of queries(distDir)) {
  const m = await measure(new URL(q.path, api.url), [workerd, [process.pid]]);
  rows.push({ label: q.label, ...m, ratio: m.run.requests / m.run.seconds / staticBr, peer: q.peer });
}
await staticServer.dispose();
await api.dispose();

console.log(HEADER);
for (const row of rows) console.log(formatRow(row));
console.log('\nqueries:');
for (const q of queries(distDir)) console.log(`  ${q.label.padEnd(24)} ${q.path}`);
console.log(`  static                   /${LARGEST_OBJECT} (identity), /${LARGEST_OBJECT}.br (Content-Encoding: br)`);
console.log(`  floor worker             any path: /${LARGEST_OBJECT}.br from the worker's memory, nothing else`);
console.log("  floor worker, direct     the same at workerd's own socket, without the local edge");
console.log('CPU ms/req: the static server on static rows, workerd + node on the floor and API rows');
console.log('× static br: req/s ÷ the static br req/s of this run');
console.log('peer: the dynamic peer (Fastify + MariaDB) measured at d2f12e6 on this machine, not in this run');
console.log(`load average at end: ${loadAverage()}`);

if (process.argv.includes('--handler-cpu')) {
  const { handlerCpuMeter } = await import('./handler-cpu.ts');
  const servingDay = (JSON.parse(readFileSync(join(distDir, 'build-state.json'), 'utf8')) as { today: string }).today;
  const meter = await handlerCpuMeter(distDir);
  console.log(`\nhandler CPU ms (scripts/bench/handler-cpu.ts, 200 rounds, served on the build day ${servingDay}):`);
  console.log(
    "  median, p99: every request does the route's work; edge-cache hit: a repeated request through the pointer",
  );
  for (const q of queries(distDir)) {
    const cpu = await meter(q.path, 200, servingDay);
    console.log(
      `  ${q.label.padEnd(24)} median ${cpu.median.toFixed(2)}  p99 ${cpu.p99.toFixed(2)}  edge-cache hit ${cpu.hit.toFixed(2)}`,
    );
  }
}
rmSync(temp, { recursive: true, force: true });

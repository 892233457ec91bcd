/**
 * npm run bench [-- --profile small|national-1y|national-5y|national-10y --rounds N]:
 * builds a synthetic profile and prints, in one run, the build's and the worker's figures beside
 * their targets. Nothing here is asserted; the numbers are for reading (docs/benchmark.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { BuildReport } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { directoriesRead, partitionsRead, type DirectoryRead } from '../../publish/fetch-previous.ts';
import { PreviousBuild } from '../../build/incremental/previous.ts';
import { boundary as boundaryOf, currentState } from '../../build/incremental/state.ts';
import { BUILD_INPUT_FILES } from '../../publish/layout.ts';
import { loadModel } from '../../build/model.ts';
import { publishedRows } from '../../build/price-rows.ts';
import { etagOfSync } from '../../core/digest-sync.ts';
import { MANIFEST_FILE } from '../../core/objects.ts';
import { apiUrl } from '../../core/urls.ts';
import { syntheticStore } from './synthetic/store.ts';
import { storeNight, storeNightBefore } from './synthetic/nightly.ts';
import { profileByName } from './synthetic/profiles.ts';
import { addDays } from '../../core/dates.ts';
import { isBrotliTwin } from '../../core/encodings.ts';
import { option } from '../args.ts';
import { distOrigin } from '../lib/dist-origin.ts';
import { handlerCpuMeter } from './handler-cpu.ts';
import { startLocalWorker } from '../lib/local-worker.ts';

const profile = profileByName(option('profile', 'small'));
const rounds = Number(option('rounds', '100'));
const dir = join('.cache/bench', profile.name);
const today = addDays(profile.endDay, 1);
const line = (label: string, value: string, target = '') =>
  console.log(`${label.padEnd(44)} ${value.padEnd(28)} ${target}`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
mkdirSync(dir, { recursive: true });

// 1. The store: the profile without its last day (the nightly run adds it later).
const full = syntheticStore(profile, process.argv.includes('--regenerate'), console.log);
const before = join(dir, 'before.sqlite');
const lastDay = storeNightBefore(full, before);
const counted = openDb(before).prepare('SELECT count(*) FROM observations').pluck().get() as number;
console.log(
  `\nprofile ${profile.name}: ${counted} observations before the incremental day ${lastDay}; build day ${today}\n`,
);

// 2. The floor: read every observation once, serialize every published row once, write the output bytes (as stored) once.
function floor(dbPath: string, outputBytes: number): { ms: number; rowBytes: number } {
  const db = openDb(dbPath);
  const model = loadModel(db, today);
  let t = performance.now();
  let n = 0;
  for (const _ of db.prepare('SELECT * FROM observations').iterate()) n++;
  const read = performance.now() - t;
  t = performance.now();
  let rowBytes = 0;
  for (const r of publishedRows(db, model, '', [], 'o.rowid')) rowBytes += Buffer.byteLength(r.json);
  const serialize = performance.now() - t;
  db.close();
  t = performance.now();
  const chunk = Buffer.alloc(8 << 20, 120);
  const file = join(dir, 'floor.bin');
  rmSync(file, { force: true });
  for (let written = 0; written < outputBytes; written += chunk.length) writeFileSync(file, chunk, { flag: 'a' });
  rmSync(file);
  const write = performance.now() - t;
  console.log(
    `floor parts: read ${n} observations ${Math.round(read)} ms, serialize rows ${Math.round(serialize)} ms, write ${mb(outputBytes)} ${Math.round(write)} ms`,
  );
  return { ms: read + serialize + write, rowBytes };
}

/**
 * `previous`: the output of the previous build (an incremental build), else a full build.
 * `togetherKb`: the peak of both processes' memory taken together, sampled (scripts/bench/tree-memory.ts).
 * The output of an earlier run is removed first, untimed: a build empties its output directory,
 * and deleting a national output's files would be timed as the build's, which the nightly's
 * runner (it starts empty) never pays.
 */
function build(
  dbPath: string,
  outDir: string,
  previous?: string,
): { ms: number; maxRssKb: number; togetherKb: number; report: BuildReport } {
  rmSync(outDir, { recursive: true, force: true });
  const args = [
    '--import',
    'tsx',
    'scripts/bench/build-child.ts',
    dbPath,
    outDir,
    today,
    ...(previous ? [previous] : []),
  ];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/**
 * What the nightly downloads of the published build before building (publish/fetch-previous.ts),
 * for the boundary its build will take, read once here as its download leaves them: in the page
 * cache: the nightly's build reads them right after writing them, never cold from disk.
 */
function nightlyDownload(): { from: string; directories: DirectoryRead[]; partitions: string[] } | null {
  const db = openDb(before);
  const previous = PreviousBuild.read(outA);
  const edge = previous ? boundaryOf(db, currentState(db, loadModel(db, today)), previous.state) : null;
  db.close();
  if (!edge || !('from' in edge)) return null;
  const directories = directoriesRead(Object.keys(manifest.objects), edge.from);
  const partitions = partitionsRead(directories, (path) => readFileSync(join(outA, path), 'utf8'));
  for (const path of partitions) readFileSync(join(outA, path));
  return { from: edge.from, directories, partitions };
}

type Manifest = { objects: Record<string, { etag: string; bytes: number; encoding?: 'gzip' | 'br'; stored?: number }> };
const manifestOf = (outDir: string) => JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;

const outA = join(dir, 'dist-before');
const fullBuild = build(before, outA);
const manifest = manifestOf(outA);
/** the API's objects; a brotli twin is another coding of one of them (core/encodings.ts), counted apart */
const paths = Object.keys(manifest.objects).filter((p) => !isBrotliTwin(p));
const twins = Object.keys(manifest.objects).filter(isBrotliTwin);
const rawBytes = paths.reduce((n, p) => n + manifest.objects[p]!.bytes, 0);
/** what the build wrote to disk: partitions and evidence gzip-encoded, twins brotli, the rest as it is */
const storedBytes = Object.values(manifest.objects).reduce((n, e) => n + (e.stored ?? e.bytes), 0);
const f = floor(before, storedBytes);

// 3. Compressed size: gzip-encoded objects by their stored size; of the others (and for brotli)
// every object when few, else every k-th, extrapolated (said so). Each at the level it is
// published with: partitions and evidence as the build stored them (level 4), the other
// objects as the publisher encodes them on upload (level 6, publish/release.ts).
const step = paths.length > 20_000 ? Math.ceil(paths.length / 20_000) : 1;
let gzPlain = 0;
let gzPlainRaw = 0;
let br = 0;
let sampledRaw = 0;
let plainRaw = 0;
let gzEncoded = 0;
let encodedRaw = 0;
// What any build of this output must do to its bytes besides writing them: hash each object's
// identity (its ETag) and gzip what is stored gzip-encoded (level 4, build/compress-worker.mjs).
let encodeMs = 0;
let encodeSampled = 0;
for (const [i, p] of paths.entries()) {
  const entry = manifest.objects[p]!;
  if (entry.encoding) {
    gzEncoded += entry.stored!;
    encodedRaw += entry.bytes;
  } else plainRaw += entry.bytes;
  if (i % step) continue;
  const file = readFileSync(join(outA, p));
  const bytes = entry.encoding ? gunzipSync(file) : file;
  sampledRaw += bytes.byteLength;
  if (entry.encoding) {
    const t = performance.now();
    etagOfSync(bytes);
    gzipSync(bytes, { level: 4 });
    encodeMs += performance.now() - t;
    encodeSampled += bytes.byteLength;
  }
  br += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).byteLength;
  if (!entry.encoding) {
    gzPlainRaw += bytes.byteLength;
    gzPlain += gzipSync(bytes, { level: 6 }).byteLength;
  }
}
const gzBytes = gzEncoded + (gzPlainRaw ? (gzPlain / gzPlainRaw) * plainRaw : 0);
const brBytes = (br / sampledRaw) * rawBytes;

line('figure', 'measured', 'target');
line('full build', `${(fullBuild.ms / 1000).toFixed(1)} s`);
line('floor (read + serialize once + write)', `${(f.ms / 1000).toFixed(1)} s`);
line('build / floor', `${(fullBuild.ms / f.ms).toFixed(2)} ×`, '≤ 2 ×');
const encodeAll = encodeSampled ? (encodeMs / encodeSampled) * encodedRaw : 0;
line(
  '  + hash and gzip every stored byte once',
  `${(encodeAll / 1000).toFixed(1)} s (${mb(encodedRaw)} identity; rate of 1 in ${step} objects)`,
);
line(
  '  build / (floor + that on the second core)',
  `${(fullBuild.ms / Math.max(f.ms, encodeAll)).toFixed(2)} × · one core: ${(fullBuild.ms / (f.ms + encodeAll)).toFixed(2)} ×`,
);
line('objects', String(paths.length));
line(
  'bytes raw / gzip / brotli',
  `${mb(rawBytes)} / ${mb(gzBytes)} / ${mb(brBytes)}`,
  step > 1 ? `(brotli and plain objects' gzip: 1 in ${step} objects, extrapolated)` : '',
);
line('bytes on disk (partitions, evidence gzip)', mb(storedBytes));
const twinBytes = (key: 'bytes' | 'stored') => twins.reduce((n, p) => n + (manifest.objects[p]![key] ?? 0), 0);
line(
  'brotli twins of whole responses',
  `${twins.length} objects: ${mb(twinBytes('bytes'))} identity → ${mb(twinBytes('stored'))} stored`,
);
line('rows serialized once', mb(f.rowBytes));
line('amplification raw (output / rows once)', `${(rawBytes / f.rowBytes).toFixed(2)} ×`);
line('amplification compressed (gzip / rows once)', `${(gzBytes / f.rowBytes).toFixed(2)} ×`, '≤ 4 ×');
const gib = (kb: number) => `${(kb / 1024 / 1024).toFixed(2)} GiB`;
const second = fullBuild.report.secondProcessPeakKb;
line(
  'build peak memory (main + second process)',
  `${gib(fullBuild.maxRssKb)} + ${gib(second)} ≤ ${gib(fullBuild.maxRssKb + second)}`,
  '≤ 4 GiB',
);
line('  both processes at once (sampled every 50 ms)', gib(fullBuild.togetherKb), '≤ 4 GiB');

// 4. The nightly run: the last day stored into the same store (as a nightly scrape stores it), then built
// incrementally from the previous output (build/incremental/). --verify also builds it in full and compares.
storeNight(full, before, lastDay);
const outB = join(dir, 'dist-after');
const download = nightlyDownload();
const nightly = build(before, outB, outA);
const after = manifestOf(outB);
const changed = Object.entries(after.objects).filter(([p, e]) => manifest.objects[p]?.etag !== e.etag);
const changedBytes = changed.reduce((n, [, e]) => n + e.bytes, 0);
const changedStored = changed.reduce((n, [, e]) => n + (e.stored ?? e.bytes), 0);
const { boundary, serialized, censusRows, reused, rows } = nightly.report;
line(
  'incremental build (one more day)',
  `${(nightly.ms / 1000).toFixed(1)} s = ${((nightly.ms / fullBuild.ms) * 100).toFixed(0)} % of full`,
  '≤ 3 %',
);
line(
  '  what it took from the previous build',
  'from' in boundary ? `rows before ${boundary.from}; ${reused} objects` : `nothing (${boundary.full})`,
);
line(
  '  price rows serialized',
  `${serialized} of ${rows} = ${((serialized / rows) * 100).toFixed(2)} %; the census read ${censusRows} (build/incremental/series-census.ts)`,
);
line(
  '  peak memory (main + second process)',
  `${gib(nightly.maxRssKb)} + ${gib(nightly.report.secondProcessPeakKb)}; at once ${gib(nightly.togetherKb)}`,
);
const slowest = Object.entries(nightly.report.steps)
  .sort(([, a], [, b]) => b - a)
  .slice(0, 4);
line('  its longest steps', slowest.map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', '));
line(
  '  … the same steps in the full build',
  slowest.map(([step]) => `${step} ${((fullBuild.report.steps[step] ?? 0) / 1000).toFixed(1)} s`).join(', '),
);
line(
  'objects changed or added',
  `${changed.length} of ${Object.keys(after.objects).length} = ${((changed.length / Object.keys(after.objects).length) * 100).toFixed(1)} %`,
  '≤ 1 %',
);
const kindOf = (path: string) =>
  isBrotliTwin(path)
    ? 'twins'
    : (/^api\/v1\/_(c\/(prices|history|products)|p|evidence)\//
        .exec(path)?.[1]
        ?.replace(/^c\/(\w+)/, '$1 directories')
        .replace(/^p$/, 'partitions') ?? 'other objects');
const kinds = new Map<string, number>();
for (const [path] of changed) kinds.set(kindOf(path), (kinds.get(kindOf(path)) ?? 0) + 1);
line(
  '  of which',
  [...kinds]
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', '),
);
line('bytes to upload (identity / as stored)', `${mb(changedBytes)} / ${mb(changedStored)}`);
if (download && 'from' in boundary) {
  if (download.from !== boundary.from)
    throw new Error(`the nightly would download for ${download.from}, the build took ${boundary.from}`);
  const { directories, partitions } = download;
  const directoriesStored = directories.reduce(
    (n, { path }) => n + gzipSync(readFileSync(join(outA, path)), { level: 6 }).byteLength,
    0,
  );
  const partitionStored = partitions.reduce((n, path) => n + (manifest.objects[path]!.stored ?? 0), 0);
  // The build's inputs (manifest, state, kept census) as the publisher stores them, gzip-encoded.
  const inputsStored = BUILD_INPUT_FILES.reduce(
    (n, file) => n + gzipSync(readFileSync(join(outA, file)), { level: 6 }).byteLength,
    0,
  );
  line(
    '  downloaded from the bucket first',
    `${directories.length} directories ${mb(directoriesStored)} + ${partitions.length} partitions ${mb(partitionStored)} + build inputs ${mb(inputsStored)} = ${mb(directoriesStored + partitionStored + inputsStored)}`,
    `the whole build: ${mb(gzBytes)} gzip in ${paths.length} objects`,
  );
}
if (process.argv.includes('--verify')) {
  const check = build(before, join(dir, 'dist-check'));
  const same =
    readFileSync(join(outB, MANIFEST_FILE), 'utf8') === readFileSync(join(dir, 'dist-check', MANIFEST_FILE), 'utf8');
  line(
    'incremental output = full build output',
    same ? 'yes (manifests byte-identical)' : 'NO: the manifests differ',
    `full build of the same store ${(check.ms / 1000).toFixed(1)} s`,
  );
  rmSync(join(dir, 'dist-check'), { recursive: true, force: true });
}

// 5. The worker in workerd over the incremental build: latency, CPU, object reads per request.
const origin = distOrigin(outB);
let reads = 0;
const worker = await startLocalWorker({ distDir: outB });
const workerdPid = findWorkerd();
const market = Object.keys(after.objects)
  .find((p) => p.startsWith('api/v1/_c/prices/market/'))!
  .replace('api/v1/_c/prices/market/', '')
  .replace('.json', '');
const product = Object.keys(after.objects)
  .find((p) => p.startsWith('api/v1/_c/prices/product/') && !p.includes('/market/') && !p.includes('/city/'))!
  .replace('api/v1/_c/prices/product/', '')
  .replace('.json', '');
const QUERIES = [
  ['plain object /markets', apiUrl('/markets')],
  ['filters product × market', apiUrl('/prices', { product, market, limit: 50 })],
  ['date', apiUrl('/prices', { date: lastDay, limit: 50 })],
  ['range 30d category', apiUrl('/prices', { range: '30d', category: 'sebze', limit: 100 })],
  ['deep page', apiUrl('/prices', { page: 2000, limit: 50 })],
  ['history monthly', apiUrl('/prices/history/{slug}', { slug: product, range: '3650d', bucket: 'monthly' })],
  ['search', apiUrl('/products/search', { q: 'domates' })],
] as const;
const handlerCpu = await handlerCpuMeter(outB);
console.log(
  `\nworker (workerd via miniflare, ${rounds} requests per query): latency median / p99 ms · workerd process CPU ms per request (mean, incl. the local origin hop)`,
);
console.log(
  `handler CPU ms: the worker's own code per request (scripts/bench/handler-cpu.ts), median / p99, served on the build day ${today} · median on the day after (re-aged); cold: median with the isolate's parsed directories and calendars emptied before each request`,
);
line(
  'query',
  'latency · workerd CPU',
  'handler CPU · day after · reads   (targets: CPU median ≤ 1, p99 ≤ 5, ≤ 3 reads)',
);
let plainMedian = 0;
for (const [label, path] of QUERIES) {
  const times: number[] = [];
  const cpu0 = cpuMs(workerdPid);
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    const response = await worker.mf.dispatchFetch(`http://localhost${path}`, {
      headers: { 'cf-connecting-ip': `10.9.${r % 250}.${QUERIES.findIndex((q) => q[1] === path)}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - t);
  }
  const cpu = (cpuMs(workerdPid) - cpu0) / rounds;
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  if (label.startsWith('plain')) plainMedian = median;
  const objectReads = await countReads(path);
  const own = await handlerCpu(path, rounds, today);
  const aged = await handlerCpu(path, rounds, addDays(today, 1));
  line(
    label,
    `${median.toFixed(2)} / ${times[Math.floor(times.length * 0.99)]!.toFixed(2)} · ${cpu.toFixed(2)}`,
    `${own.median.toFixed(2)} / ${own.p99.toFixed(2)} · ${aged.median.toFixed(2)} · ${objectReads} reads; cold ${own.cold.toFixed(2)}; latency ${(median / plainMedian).toFixed(2)} × plain`,
  );
}
await worker.dispose();

/** Reads per request, counted on a second worker whose origin counts its calls. */
async function countReads(path: string): Promise<number> {
  reads = 0;
  const counting = async (request: Request) => {
    reads++;
    return origin(request);
  };
  const w = await startLocalWorker({ distDir: outB, origin: counting });
  await (
    await w.mf.dispatchFetch(`http://localhost${path}`, { headers: { 'cf-connecting-ip': '10.8.0.1' } })
  ).arrayBuffer();
  await w.dispose();
  return reads - 1; // the build calendars (read once a minute per isolate)
}

function findWorkerd(): number | null {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(workerd)') && Number(stat.split(') ')[1]!.split(' ')[1]) === process.pid) return Number(pid);
    } catch {
      // gone
    }
  }
  return null;
}

function cpuMs(pid: number | null): number {
  if (pid === null || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1000;
}

/**
 * npm run bench:worker: the worker's added latency per request under miniflare. For each query,
 * the time of the request through the worker in workerd, beside the time of reading the same
 * objects straight from the origin (what a plain CDN file would cost here). Prints figures;
 * nothing is asserted.
 */
import { partitionsBetween } from '../../core/collection-keys.ts';
import { apiUrl } from '../../core/urls.ts';
import { distOrigin } from '../lib/dist-origin.ts';
import { startLocalWorker } from '../lib/local-worker.ts';
import { DEFAULT_OUT, option } from '../args.ts';

const distDir = option('out', DEFAULT_OUT);
const rounds = Number(option('rounds', '200'));
const worker = await startLocalWorker({ distDir });
const origin = distOrigin(distDir);

async function readDirectoryAndParts(key: string, from: number, to: number): Promise<void> {
  const directory = JSON.parse(await (await origin(new Request(`http://origin/api/v1/_c/prices/${key}.json`))).text());
  for (const p of partitionsBetween(directory, from, to)) {
    await (await origin(new Request(`http://origin/${p.path}`))).text();
  }
}

const QUERIES: { path: string; direct: () => Promise<unknown> }[] = [
  {
    path: apiUrl('/markets'),
    direct: async () => (await origin(new Request('http://origin/api/v1/markets.json'))).text(),
  },
  {
    path: apiUrl('/prices', { product: 'domates-salkim', limit: 50 }),
    direct: () => readDirectoryAndParts('product/domates-salkim', 0, 50),
  },
  {
    path: apiUrl('/prices', { city: 'izmir', category: 'meyve', date: '2026-07-23' }),
    direct: () => readDirectoryAndParts('city/izmir/category/meyve', 0, 50),
  },
  { path: apiUrl('/prices', { page: 40, limit: 200 }), direct: () => readDirectoryAndParts('all', 7800, 8000) },
  {
    path: apiUrl('/prices/latest', { category: 'sebze' }),
    direct: async () => (await origin(new Request('http://origin/api/v1/prices/latest/category/sebze.json'))).text(),
  },
];

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
console.log(
  `worker latency under miniflare, ${rounds} rounds per query (ms): median / p99 through the worker; median reading the same objects directly; added median`,
);
let i = 0;
for (const q of QUERIES) {
  const viaWorker: number[] = [];
  const direct: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    const response = await worker.mf.dispatchFetch(`http://localhost${q.path}`, {
      headers: { 'cf-connecting-ip': `203.0.113.${(i++ % 250) + 1}.${r}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${q.path}: ${response.status}`);
    viaWorker.push(performance.now() - t);
    t = performance.now();
    await q.direct();
    direct.push(performance.now() - t);
  }
  const added = quantile(viaWorker, 0.5) - quantile(direct, 0.5);
  console.log(
    `${q.path.padEnd(62)} ${quantile(viaWorker, 0.5).toFixed(2).padStart(7)} / ${quantile(viaWorker, 0.99).toFixed(2).padStart(7)}   direct ${quantile(direct, 0.5).toFixed(2).padStart(6)}   added ${added.toFixed(2)}`,
  );
}
await worker.dispose();

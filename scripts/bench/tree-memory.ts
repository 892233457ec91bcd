/**
 * The peak of the resident memory of this process and all its descendants taken together,
 * sampled every 50 ms by a thread of its own (the build is synchronous): what the machine must
 * hold at once. Each process's own peak (`maxRSS`) summed is only a bound: the build's two
 * processes need not peak at the same moment.
 */
import { Worker } from 'node:worker_threads';

const SAMPLER = `
const { workerData } = require('node:worker_threads');
const { readdirSync, readFileSync } = require('node:fs');
const shared = new Int32Array(workerData.shared);
const root = workerData.root;
function rssKb(pid) {
  try { return Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))?.[1] ?? 0); } catch { return 0; }
}
function treeKb() {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync('/proc/' + name + '/stat', 'utf8').split(') ')[1].split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {}
  }
  let kb = 0;
  for (const pending = [root]; pending.length; ) { const pid = pending.pop(); kb += rssKb(pid); pending.push(...(children.get(pid) ?? [])); }
  return kb;
}
(function tick() {
  const kb = treeKb();
  if (kb > Atomics.load(shared, 1)) Atomics.store(shared, 1, kb);
  if (Atomics.load(shared, 0) === 0) setTimeout(tick, 50);
})();
`;

export function sampleTreeMemory(): { stop(): number } {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(SAMPLER, { eval: true, workerData: { shared: shared.buffer, root: process.pid } });
  return {
    /** Stops sampling; the peak in KiB. */
    stop(): number {
      Atomics.store(shared, 0, 1);
      void worker.terminate();
      return Atomics.load(shared, 1);
    },
  };
}

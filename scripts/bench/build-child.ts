/** Child process of the benchmark: one build, then its time and peak memory (its own, and with its second process) as JSON on stdout. */
import { buildSite } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { sampleTreeMemory } from './tree-memory.ts';

const [dbPath, outDir, today, previous] = process.argv.slice(2) as [string, string, string, string | undefined];
const memory = sampleTreeMemory();
const db = openDb(dbPath);
const t = performance.now();
// The steps with their time and resident memory go to stderr (the bench prints them as they come).
const report = buildSite({
  db,
  outDir,
  today,
  builtAt: `${today}T03:00:00Z`,
  synthetic: true,
  previous,
  log: (line) => process.stderr.write(`  build:${line}\n`),
});
db.close();
const ms = Math.round(performance.now() - t);
console.log(JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS, togetherKb: memory.stop(), report }));

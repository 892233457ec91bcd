/** Child process of the benchmark: one build, then its time and peak memory as JSON on stdout. */
import { buildSite } from '../build/build.ts';
import { openDb } from '../build/db.ts';

const [dbPath, outDir, today, previous] = process.argv.slice(2) as [string, string, string, string | undefined];
const db = openDb(dbPath);
const t = performance.now();
// The steps with their time and resident memory go to stderr (the bench prints them as they come).
const report = buildSite({ db, outDir, today, builtAt: `${today}T03:00:00Z`, synthetic: true, previous, log: (line) => process.stderr.write(`  build:${line}\n`) });
db.close();
console.log(JSON.stringify({ ms: Math.round(performance.now() - t), maxRssKb: process.resourceUsage().maxRSS, report }));

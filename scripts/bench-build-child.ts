/** Child process of the benchmark: one build, then its time and peak memory as JSON on stdout. */
import { buildSite } from '../build/build.ts';
import { openDb } from '../build/db.ts';

const [dbPath, outDir, today] = process.argv.slice(2) as [string, string, string];
const db = openDb(dbPath);
const t = performance.now();
const report = buildSite({ db, outDir, today, builtAt: `${today}T03:00:00Z`, synthetic: true });
db.close();
console.log(JSON.stringify({ ms: Math.round(performance.now() - t), maxRssKb: process.resourceUsage().maxRSS, report }));

/**
 * npm run plants [-- --only <text>] [-- --list]: plants each bug of tests/plants.ts in turn, runs the test files
 * named with it, and expects at least one to fail; the file is restored whatever happens. Prints one
 * line a plant and exits 1 when a plant went unnoticed. A plant in code the suite archive is made
 * from makes a new archive for its run (tests/setup/archive.ts): such plants take minutes each.
 * `--list` prints the plants as the table of docs/testing.md instead.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { PLANTS, type Plant } from '../tests/plants.ts';
import { option } from './args.ts';

const only = option('only', '');

/** Whether the plant's tests fail while it is in place (null: the plant no longer applies). */
function caught(plant: Plant): boolean | null {
  const original = readFileSync(plant.file, 'utf8');
  if (original.split(plant.find).length !== 2) return null;
  writeFileSync(plant.file, original.replace(plant.find, plant.replace));
  try {
    const run = spawnSync('npx', ['vitest', 'run', ...plant.tests], { stdio: 'ignore' });
    return run.status !== 0;
  } finally {
    writeFileSync(plant.file, original);
  }
}

const chosen = PLANTS.filter((p) => p.promise.includes(only));
if (process.argv.includes('--list')) {
  console.log('| promise | planted in | caught by |\n|---|---|---|');
  for (const p of chosen)
    console.log(`| ${p.promise} | \`${p.file}\` | ${p.tests.map((t) => `\`${t}\``).join(', ')} |`);
  process.exit(0);
}

let unnoticed = 0;
for (const plant of chosen) {
  const started = performance.now();
  const verdict = caught(plant);
  const seconds = Math.round((performance.now() - started) / 1000);
  const word = verdict === null ? 'NO LONGER APPLIES' : verdict ? 'caught' : 'UNNOTICED';
  if (!verdict) unnoticed++;
  console.log(`${word.padEnd(17)} ${seconds.toString().padStart(4)} s  ${plant.file}: ${plant.promise}`);
}
process.exitCode = unnoticed ? 1 : 0;

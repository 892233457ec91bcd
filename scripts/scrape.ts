/**
 * npm run scrape: the nightly's scrape phase alone (scripts/nightly/collect.ts): live collection
 * of every enabled source for one data day (default: yesterday in Europe/Istanbul), into the store
 * and the evidence directory. A failing source is recorded with its state and the run goes on;
 * the exit code is 0 unless the run itself could not work. `--scheduled` (or HAL_SCHEDULED=1):
 * a run the scheduler started. Limits (defaults in sources/lib/http.ts and store/scrape.ts):
 * --timeout-ms per attempt, --retries, --deadline-minutes for the whole run, --concurrency
 * sources at a time.
 */
import { flag } from './args.ts';
import { nightOptionsFromArgs } from './nightly/options.ts';
import { runNightly } from './nightly/run.ts';

const scheduled = flag('scheduled') || process.env.HAL_SCHEDULED === '1';
const report = await runNightly(nightOptionsFromArgs({ scheduled }), ['scrape']);
process.exitCode = report.exitCode;

// @ts-check
/**
 * Mutation testing of the modules that carry the API's promises (docs/testing.md). `npm run mutation`
 * runs every mutant and rewrites the incremental file; `.ci/run` runs with `--incremental`, so
 * only the mutants of code and tests changed since that file was written are run again.
 *
 * Code that runs only inside workerd (edge/worker.ts, the rate limiter's Durable Object in
 * edge/limits/rate-limiter.ts) is bundled by esbuild and run by miniflare, where Stryker's
 * instrumentation never reaches; its logic is mutated through the pure modules it calls (the
 * limiter's window is edge/limits/rate-window.ts), which the Node-side unit tests exercise.
 */
import { availableParallelism } from 'node:os';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'edge/limits/rate-window.ts',
    // The worker's origin: what a bucket or fetcher answer becomes, and the pointer.
    'edge/origin/object.ts',
    'edge/origin/http.ts',
    'edge/origin/r2.ts',
    'edge/origin/pointer.ts',
    'edge/router.ts',
    'edge/request/params.ts',
    'edge/answer/headers.ts',
    // The ETag rule of every object and computed answer.
    'core/digest.ts',
    'edge/answer/page-links.ts',
    // A key's daily quota and burst: the pure step its Durable Object keeps.
    'edge/keys/quota-window.ts',
    // Whether a price alert mails, re-arms or does nothing: the pure rule its notifier applies.
    'edge/alerts/notifier/crossing.ts',
    'sources/lib/http.ts',
    // The scrape outcome mapping (`classify`) and the run it reports.
    'store/scrape.ts',
    'build/source-status.ts',
    'store/bulletins.ts',
    // The publisher's release and pointer steps.
    'publish/release.ts',
  ],
  incrementalFile: '.ci/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  // The score table in the log; each mutant, with the code it changed, in the HTML report.
  clearTextReporter: { allowColor: false, reportTests: false, reportMutants: false },
  htmlReporter: { fileName: 'test-artifacts/mutation/index.html' },
  // `break` is the floor: below it the run exits 1. Raise it when tests raise the score.
  thresholds: { high: 90, low: 60, break: 88 },
  tempDirName: '.cache/stryker-tmp',
  // Stryker copies the project into a sandbox per runner: not the caches and artifacts a test run
  // leaves (gigabytes of suite archives and buckets), which no unit test reads.
  ignorePatterns: ['.cache', 'test-artifacts', 'dist'],
  // Vitest does not type-check, so nothing needs `// @ts-nocheck`; and the preprocessor that writes it
  // rewrites HTML fixtures as UTF-8, breaking the tests that decode a Windows-1254 page.
  disableTypeChecks: false,
  // Stryker's default leaves one core to itself; on two cores two test runners finish sooner.
  concurrency: Math.max(2, availableParallelism() - 1),
};

import { defineConfig } from 'vitest/config';

/**
 * The suite Stryker runs for each mutant (stryker.config.mjs): only the Node-side unit tests
 * beside the code, plus the scrape tests that need no archive (a fake HTTP client; the deadline's
 * night against a local server that never answers), and no global setup,
 * because the real archive build and the workerd tests take minutes and would run per mutant.
 */
export default defineConfig({
  test: {
    include: [
      'edge/**/*.test.ts',
      'store/**/*.test.ts',
      'build/**/*.test.ts',
      'publish/**/*.test.ts',
      'sources/lib/*.test.ts',
      'core/**/*.test.ts',
      'tests/scrape.test.ts',
      'tests/scrape-deadline.test.ts',
    ],
    exclude: ['node_modules/**', 'dist/**', '.cache/**'],
    testTimeout: 60_000,
  },
});

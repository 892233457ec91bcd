import { defineConfig } from 'vitest/config';

/**
 * The suite Stryker runs for each mutant (stryker.config.mjs): only the Node-side unit tests
 * beside the code, plus the scrape test (a fake HTTP client, no archive), and no global setup,
 * because the real archive build and the workerd tests take minutes and would run per mutant.
 */
export default defineConfig({
  test: {
    include: ['edge/**/*.test.ts', 'build/**/*.test.ts', 'sources/lib/*.test.ts', 'core/**/*.test.ts', 'tests/scrape.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '.cache/**'],
    testTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';
import { UNIT_TESTS } from './tests/projects.ts';

/**
 * The suite Stryker runs for each mutant (stryker.config.mjs): the unit project's files, with no
 * global setup, because the archive build and the workerd tests take minutes and would run per mutant.
 */
export default defineConfig({
  test: { ...UNIT_TESTS, testTimeout: 60_000 },
});

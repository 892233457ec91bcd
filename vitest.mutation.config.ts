import { defineConfig } from 'vitest/config';
import { UNIT_TESTS } from './tests/projects.ts';

/**
 * The suite Stryker runs for each mutant (stryker.config.mjs): the unit project's files, with no
 * global setup, because the archive build and the workerd tests take minutes and would run per mutant.
 * The checks of the repository's own files are left out: they read no mutated module, and Stryker's
 * sandbox holds neither the incremental file nor the workflows they read.
 */
export default defineConfig({
  test: { ...UNIT_TESTS, exclude: [...UNIT_TESTS.exclude, 'tests/checks/**'], testTimeout: 60_000 },
});

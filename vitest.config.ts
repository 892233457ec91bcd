import { defineConfig } from 'vitest/config';
import { UNIT_TESTS } from './tests/projects.ts';

/**
 * The suite in five projects, from the cheapest (docs/testing.md): `npm run test:unit` runs the
 * first alone, with no archive and no workerd; `npm test` runs all five and prints each one's time
 * (tests/support/project-times.ts): unit and system together while the suite archive is made and
 * published, then archive, worker and browser, one after the other.
 */
const ARCHIVE = 'tests/setup/archive.ts';
const SHARED_WORKER = 'tests/setup/shared-worker.ts';
/** Before each file that reads the suite archive: it is made while unit and system run. */
const ARCHIVE_READY = 'tests/setup/archive-ready.ts';
/** Before each file that reads the local bucket (published once the archive is made): the shared worker loads it while the archive project runs. */
const PUBLISHED = 'tests/setup/published.ts';

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'dist/**', '.cache/**'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two cores: one file a core. Files wait on workerd, servers and browsers as often as they compute.
    maxWorkers: 2,
    reporters: ['default', './tests/support/project-times.ts'],
    projects: [
      {
        extends: true,
        // One process for all of them: pure modules, imported once (a process per file doubled the time).
        test: { name: 'unit', ...UNIT_TESTS, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'archive',
          isolate: false,
          include: ['tests/archive/**/*.test.ts'],
          globalSetup: [ARCHIVE],
          setupFiles: [ARCHIVE_READY],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'worker',
          isolate: false,
          include: ['tests/worker/**/*.test.ts', 'scripts/lib/keys-remote.test.ts'],
          globalSetup: [ARCHIVE, SHARED_WORKER],
          setupFiles: [PUBLISHED],
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          isolate: false,
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: [ARCHIVE, SHARED_WORKER],
          setupFiles: [PUBLISHED],
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          isolate: false,
          // Each makes its own stores and builds: none waits for the suite archive, all run beside its making.
          include: ['tests/system/**/*.test.ts'],
          setupFiles: ['tests/setup/background.ts'],
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});

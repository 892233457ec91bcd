/**
 * The unit project's files, named once: vitest.config.ts runs them as `unit` and
 * vitest.mutation.config.ts runs them for each mutant. The tests beside the code, with no archive
 * build and no workerd, and the checks of the repository's own files.
 */
export const UNIT_TESTS = {
  include: ['{core,schemas,sources,store,build,publish,edge,scripts}/**/*.test.ts', 'tests/checks/**/*.test.ts'],
  // The remote keys' test runs a D1 database under workerd: the worker project has it.
  exclude: ['node_modules/**', 'dist/**', '.cache/**', 'scripts/lib/keys-remote.test.ts'],
};

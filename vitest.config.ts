import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '.cache/**'],
    // One real build of the whole archive, shared by the contract and worker tests.
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});

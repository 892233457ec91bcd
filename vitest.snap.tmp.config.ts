import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['tests/snapshot.test.ts'], globalSetup: ['/tmp/exp/setup-snap.ts'], testTimeout: 120_000, hookTimeout: 300_000, pool: 'forks' } });

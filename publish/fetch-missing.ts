/**
 * The command the build runs for an object of a previous build fetched from the bucket that
 * the download left there (publish/fetch-previous.ts): the build is synchronous
 * (better-sqlite3) and knows no bucket, so it is handed this command, run with the previous
 * build's directory and the paths, with the bucket from the environment as for publishing.
 */
import { fileURLToPath } from 'node:url';
import type { FetchMissing } from '../build/incremental/previous.ts';

export const FETCH_MISSING: FetchMissing = [
  process.execPath,
  '--import',
  'tsx',
  fileURLToPath(new URL('./fetch-missing-child.ts', import.meta.url)),
];

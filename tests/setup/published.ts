/**
 * Before each file of the projects that read the local bucket: wait until the shared worker has
 * published the suite archive into it (tests/setup/shared-worker.ts), and fail the file with the
 * publisher's own error when it could not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';

const POLL_MS = 200;

beforeAll(async () => {
  const marker = inject('publishedMarker');
  while (!existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const published = JSON.parse(readFileSync(marker, 'utf8')) as { ok: boolean; error?: string };
  if (!published.ok) throw new Error(`the suite archive could not be published: ${published.error}`);
}, 600_000);

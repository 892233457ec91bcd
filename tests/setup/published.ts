/**
 * Before each file of the projects that read the local bucket: wait until the shared worker has
 * published the suite archive into it (tests/setup/shared-worker.ts), and fail the file with the
 * publisher's own error when it could not.
 */
import { inject } from 'vitest';
import { markerOf } from './marker.ts';
import type { PublishedMarker } from './shared-worker.ts';

const published = await markerOf<PublishedMarker>(inject('publishedMarker'));
if (!published.ok) throw new Error(`the suite archive could not be published: ${published.error}`);

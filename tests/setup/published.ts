/**
 * Before each file of the projects that read the local bucket: wait until the shared worker has
 * published the suite archive into it (tests/setup/shared-worker.ts), and fail the file with the
 * publisher's own error when it could not.
 */
import { inject } from 'vitest';
import { markerOf } from './marker.ts';
import { PUBLISH_FAILED, type Published } from './shared-worker.ts';

await markerOf<Published>(inject('publishedMarker'), PUBLISH_FAILED);

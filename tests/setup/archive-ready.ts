/**
 * Before each file that reads the suite archive: wait until it is made (tests/setup/archive.ts makes
 * it beside the first projects), and fail the file with the maker's own error when it could not be.
 * At the top level, not in a hook: a file may read the archive as it is collected.
 */
import { inject } from 'vitest';
import type { ArchiveMarker } from './archive.ts';
import { markerOf } from './marker.ts';

const marker = await markerOf<ArchiveMarker>(inject('archiveMarker'));
if (!marker.ok) throw new Error(`the suite archive could not be made: ${marker.error}`);

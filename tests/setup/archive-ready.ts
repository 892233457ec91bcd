/**
 * Before each file that reads the suite archive: wait until it is made (tests/setup/archive.ts makes
 * it beside the first projects), and fail the file with the maker's own error when it could not be.
 * At the top level, not in a hook: a file may read the archive as it is collected.
 */
import { inject } from 'vitest';
import { ARCHIVE_FAILED, type ArchiveMade } from './archive.ts';
import { markerOf } from './marker.ts';

await markerOf<ArchiveMade>(inject('archiveMarker'), ARCHIVE_FAILED);

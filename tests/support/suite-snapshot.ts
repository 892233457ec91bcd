/** The snapshot written beside the suite archive (tests/setup/archive.ts), in a file that waited for it. */
import { inject } from 'vitest';
import type { SnapshotFiles } from '../../publish/snapshot.ts';
import { ARCHIVE_FAILED, type ArchiveMade } from '../setup/archive.ts';
import { readMarker } from '../setup/marker.ts';

export const suiteSnapshot = (): SnapshotFiles =>
  readMarker<ArchiveMade>(inject('archiveMarker'), ARCHIVE_FAILED).archive.snapshot;

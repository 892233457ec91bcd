/** The snapshot written beside the suite archive (tests/setup/archive.ts), in a file that waited for it. */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { SnapshotFiles } from '../../publish/snapshot.ts';
import type { ArchiveMarker } from '../setup/archive.ts';

export function suiteSnapshot(): SnapshotFiles {
  const marker = JSON.parse(readFileSync(inject('archiveMarker'), 'utf8')) as ArchiveMarker;
  if (!marker.ok) throw new Error(marker.error);
  return marker.archive.snapshot;
}

/**
 * A marker: a small JSON file a global setup writes once the work it started in the background is
 * done (the archive made, the bucket loaded), and the files of the projects that need it wait for.
 * It holds what the work gave, or the error it ended with.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type Marker<T> = ({ ok: true } & T) | { ok: false; error: string };

const POLL_MS = 200;

export const writeMarker = <T>(path: string, content: Marker<T>): void => writeFileSync(path, JSON.stringify(content));

/** What the work gave, from a marker already written; its error when it failed. */
export function readMarker<T>(path: string, what: string): T {
  const marker = JSON.parse(readFileSync(path, 'utf8')) as Marker<T>;
  if (!marker.ok) throw new Error(`${what}: ${marker.error}`);
  return marker;
}

/** What the work gave, once its marker is written. */
export async function markerOf<T>(path: string, what: string): Promise<T> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  return readMarker<T>(path, what);
}

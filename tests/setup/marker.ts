/**
 * A marker: a small JSON file a global setup writes once the work it started in the background is
 * done (the archive made, the bucket loaded), and the setup files of the projects that need it wait for.
 */
import { existsSync, readFileSync } from 'node:fs';

const POLL_MS = 200;

/** The marker's content, once it is written. */
export async function markerOf<T>(path: string): Promise<T> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

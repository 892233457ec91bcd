/**
 * The floor of any worker on this machine: a worker that does nothing but send the largest
 * object's stored brotli twin from memory (no limiter, no bucket, no route), in workerd through
 * miniflare behind the same local edge as the API. What the API row loses to this row is the
 * API's own work; what this row loses to the static server is the runtime and the edge hop,
 * which no worker code can win back.
 */
import { Miniflare } from 'miniflare';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalEdge } from '../../lib/local-edge.ts';
import { COMPATIBILITY_DATE } from '../../lib/local-worker.ts';
import { LARGEST_OBJECT } from './queries.ts';

/** `url`: behind the local edge, as the API; `direct`: workerd's own socket, without the edge's hop. */
export type FloorWorker = { url: URL; direct: URL; dispose(): Promise<void> };

export async function startFloorWorker(distDir: string): Promise<FloorWorker> {
  const twin = readFileSync(join(distDir, `${LARGEST_OBJECT}.br`)).toString('base64');
  const script = `const body = Uint8Array.from(atob(${JSON.stringify(twin)}), (c) => c.charCodeAt(0));
export default {
  fetch: () => new Response(body, {
    headers: { 'content-type': 'application/json', 'content-encoding': 'br', 'vary': 'accept-encoding' },
    encodeBody: 'manual',
  }),
};`;
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  });
  await mf.ready;
  const direct = await mf.unsafeGetDirectURL();
  const edge = await startLocalEdge(direct, { port: 0, host: '127.0.0.1' });
  return {
    url: edge.url,
    direct,
    dispose: async () => {
      await edge.close();
      await mf.dispose();
    },
  };
}

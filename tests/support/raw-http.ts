/**
 * A GET over plain HTTP, as a client sees it: miniflare's dispatchFetch rewrites content codings,
 * so the bytes the worker sent are only visible here. `body` is the identity, decoded from the
 * coding the answer names.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type RawReply = { status: number; headers: IncomingHttpHeaders; raw: Buffer; body: Buffer };

export function rawGet(url: URL, headers: Record<string, string> = {}, method = 'GET'): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const coding = response.headers['content-encoding'];
          const body =
            raw.byteLength === 0
              ? raw
              : coding === 'br'
                ? brotliDecompressSync(raw)
                : coding === 'gzip'
                  ? gunzipSync(raw)
                  : raw;
          resolve({ status: response.statusCode!, headers: response.headers, raw, body });
        } catch (error) {
          reject(error);
        }
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

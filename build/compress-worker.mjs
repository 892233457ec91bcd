// The build's second core: gzip-encodes and writes content-addressed partitions while the main
// thread serializes the next ones, and brotli-encodes the twins of whole responses (build/writer.ts).
// Plain JavaScript so it starts under any loader (tsx, vitest). Messages are handled in order;
// `drain` answers once all before it are on disk.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** [0] kilobytes queued and not yet written, [1] drains answered */
const pending = new Int32Array(workerData.pending);
const replies = workerData.replies;
const stored = [];
const failures = [];
const made = new Set();

parentPort.on('message', (message) => {
  if (message.drain) {
    replies.postMessage({ stored: stored.splice(0), failures: failures.splice(0) });
    Atomics.add(pending, 1, 1);
    Atomics.notify(pending, 1);
    return;
  }
  const { file, path, body, coding } = message;
  try {
    write(file, path, coding === 'br' ? brotli(body) : gzip(body));
  } catch (error) {
    // Reported at the drain: the build fails instead of publishing a manifest without the file.
    failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  Atomics.sub(pending, 0, Math.ceil(body.byteLength / 1024));
  Atomics.notify(pending, 0);
});

// Level 4: a third faster than level 6 for a few percent more bytes, and the build writes many
// copies of every row, so speed pays.
const gzip = (body) => gzipSync(body, { level: 4 });

// Whole responses are compressed once and sent many times: quality 10 is within 1 % of 11's
// size at more than twice its speed, and well under gzip's.
const brotli = (body) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  });

function write(file, path, encoded) {
  const dir = dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(file, encoded);
  stored.push([path, encoded.byteLength]);
}

/**
 * A second s3rver, in a process of its own, over the objects of one this process runs: for code
 * that blocks this process while a child of it asks the bucket (the incremental build's fetch on
 * the spot, build/incremental/previous.ts), which an s3rver on this process's event loop could
 * never answer. Run as a script, it serves the directory it is given and prints its endpoint.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startS3rver, type LocalS3 } from './s3rver.ts';

const SELF = fileURLToPath(import.meta.url);

export type S3rverProcess = { env: LocalS3['env']; close(): void };

export function startS3rverProcess(of: LocalS3, buckets: string[]): Promise<S3rverProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, of.directory, ...buckets], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the second s3rver exited (${code}) before it listened`)));
    child.stdout.once('data', (line: Buffer) => {
      const { endpoint } = JSON.parse(line.toString('utf8')) as { endpoint: string };
      const env = (bucket: string) => ({ ...of.env(bucket), HAL_S3_ENDPOINT: endpoint });
      resolve({ env, close: () => child.kill() });
    });
  });
}

if (process.argv[1] === SELF) {
  const [directory, ...buckets] = process.argv.slice(2) as [string, ...string[]];
  const s3 = await startS3rver(buckets, directory);
  process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint })}\n`);
}

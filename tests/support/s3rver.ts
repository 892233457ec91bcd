/**
 * A real S3 protocol server (s3rver) on 127.0.0.1 over a temporary directory, in a process of its
 * own, and a Bucket that publishes to it. Its own process, because a server on the test's event
 * loop shares one core with the client it answers, and
 * could never answer code that blocks this process while a child of it asks the bucket (the
 * incremental build's fetch on the spot, build/incremental/previous.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bucket, s3Client, type BucketConfig } from '../../publish/bucket.ts';

const SERVER = fileURLToPath(new URL('./s3rver-process.ts', import.meta.url));

export type LocalS3 = {
  endpoint: string;
  config(bucket: string): BucketConfig;
  env(bucket: string): Record<string, string>;
  bucket(name: string): Bucket;
  close(): Promise<void>;
};

export async function startS3rver(buckets: string[]): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'hal-s3rver-'));
  // With an IPC channel, which the server takes as its lifeline: it exits when this process goes.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, directory, ...buckets], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
    child.stdout!.once('data', (line: Buffer) =>
      resolve((JSON.parse(line.toString('utf8')) as { endpoint: string }).endpoint),
    );
  });
  return s3At(endpoint, async () => {
    child.kill();
    await exited;
    rmSync(directory, { recursive: true, force: true });
  });
}

/** A server at `endpoint` with s3rver's credentials (it accepts any signature; these are its documented defaults). */
export function s3At(endpoint: string, close: () => Promise<void> = async () => {}): LocalS3 {
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const config = (bucket: string): BucketConfig => ({
    endpoint,
    region: 'auto',
    bucket,
    credentials,
    forcePathStyle: true,
  });
  return {
    endpoint,
    config,
    env: (bucket) => ({
      HAL_S3_ENDPOINT: endpoint,
      HAL_S3_REGION: 'auto',
      HAL_S3_BUCKET: bucket,
      HAL_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      HAL_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      HAL_S3_FORCE_PATH_STYLE: '1',
    }),
    bucket: (name) => new Bucket(s3Client(config(name)), name),
    close,
  };
}

/** A real S3 protocol server (s3rver) on 127.0.0.1 with a temporary directory, and a Bucket that publishes to it. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { Bucket, s3Client, type BucketConfig } from '../../build/publish/bucket.ts';

type S3rverServer = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
type S3rverClass = new (options: { port: number; address: string; directory: string; silent: boolean; configureBuckets: { name: string }[] }) => S3rverServer;
const require = createRequire(import.meta.url);

/**
 * S3 lists keys in order, which is what makes a marker resume a listing. s3rver walks its
 * directories in readdir order, so past 1000 keys its pages skip keys. Its walk is replaced
 * (before the store module takes it) by one in key order: a directory `d` sorts as `d/`, an
 * object file `k._S3rver_object` as `k`.
 */
const utils = require('s3rver/lib/utils.js') as { walk: (dir: string, filter?: (path: string) => boolean) => Generator<string> };
utils.walk = function* walk(dir: string, filter?: (path: string) => boolean): Generator<string> {
  const entries = readdirSync(dir, { withFileTypes: true }).map((e) => ({ e, key: e.isDirectory() ? `${e.name}/` : e.name.replace(/\._S3rver_.*$/, '') }));
  for (const { e } of entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const path = posix.join(dir, e.name);
    if (!e.isDirectory()) yield path;
    else if (!filter || filter(path)) yield* walk(path, filter);
  }
};
const S3rver = require('s3rver') as S3rverClass;

/** `directory`: where the server keeps its objects (another server may serve it too: tests/support/s3rver-process.ts) */
export type LocalS3 = { endpoint: string; directory: string; config(bucket: string): BucketConfig; env(bucket: string): Record<string, string>; bucket(name: string): Bucket; close(): Promise<void> };

/** `shared`: serve the objects of another server's directory, and leave them when closed */
export async function startS3rver(buckets: string[], shared?: string): Promise<LocalS3> {
  const directory = shared ?? mkdtempSync(join(tmpdir(), 'hal-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any signature; these are its documented defaults.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const config = (bucket: string): BucketConfig => ({ endpoint, region: 'auto', bucket, credentials, forcePathStyle: true });
  return {
    endpoint,
    directory,
    config,
    env: (bucket) => ({ HAL_S3_ENDPOINT: endpoint, HAL_S3_REGION: 'auto', HAL_S3_BUCKET: bucket, HAL_S3_ACCESS_KEY_ID: credentials.accessKeyId, HAL_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, HAL_S3_FORCE_PATH_STYLE: '1' }),
    bucket: (name) => new Bucket(s3Client(config(name)), name, { attempts: 3, baseMs: 20 }),
    async close() {
      await server.close();
      if (!shared) rmSync(directory, { recursive: true, force: true });
    },
  };
}

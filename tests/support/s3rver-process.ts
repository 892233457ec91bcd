/**
 * The s3rver of tests/support/s3rver.ts, run as a script: serves the directory and buckets it is
 * given on 127.0.0.1 and prints its endpoint.
 */
import { readdirSync } from 'node:fs';
import { rmdir, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { posix } from 'node:path';

type S3rverServer = { run(): Promise<{ address: string; port: number }> };
type S3rverClass = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const require = createRequire(import.meta.url);

/**
 * S3 lists keys in order, which is what makes a marker resume a listing. s3rver walks its
 * directories in readdir order, so past 1000 keys its pages skip keys. Its walk is replaced
 * (before the store module takes it) by one in key order: a directory `d` sorts as `d/`, an
 * object file `k._S3rver_object` as `k`.
 */
const utils = require('s3rver/lib/utils.js') as {
  walk: (dir: string, filter?: (path: string) => boolean) => Generator<string>;
};
utils.walk = function* walk(dir: string, filter?: (path: string) => boolean): Generator<string> {
  const entries = readdirSync(dir, { withFileTypes: true }).map((e) => ({
    e,
    key: e.isDirectory() ? `${e.name}/` : e.name.replace(/\._S3rver_.*$/, ''),
  }));
  for (const { e } of entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const path = posix.join(dir, e.name);
    if (!e.isDirectory()) yield path;
    else if (!filter || filter(path)) yield* walk(path, filter);
  }
};
/**
 * After deleting an object, s3rver removes the directories it leaves empty, and finds an empty
 * one by reading it whole: a batch delete of n keys from `objects/` (thousands of entries) read
 * that directory n times. Here removing a directory is the test, refused while it holds anything;
 * one a delete beside it has just removed is passed over.
 */
type Store = {
  getBucketPath(bucket: string): string;
  getResourcePath(bucket: string, key: string, kind: string): string;
};
const { prototype: store } = require('s3rver/lib/stores/filesystem.js') as {
  prototype: Store & { deleteObject(bucket: string, key: string): Promise<void> };
};
const unless = (codes: string[]) => (error: NodeJS.ErrnoException) => {
  if (!codes.includes(error.code ?? '')) throw error;
  return error.code;
};
store.deleteObject = async function deleteObject(this: Store, bucket: string, key: string): Promise<void> {
  const files = ['object', 'object.md5', 'metadata.json'].map((kind) => this.getResourcePath(bucket, key, kind));
  await Promise.all(files.map((file) => unlink(file).catch(unless(['ENOENT']))));
  // The key's last part is in the file names, not a directory.
  for (const parts = key.split('/').slice(0, -1); parts.length; parts.pop()) {
    const refused = await rmdir(posix.join(this.getBucketPath(bucket), ...parts)).catch(
      unless(['ENOENT', 'ENOTEMPTY', 'EEXIST']),
    );
    if (refused === 'ENOTEMPTY' || refused === 'EEXIST') return;
  }
};
const S3rver = require('s3rver') as S3rverClass;

const [directory, ...buckets] = process.argv.slice(2) as [string, ...string[]];
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ endpoint: `http://127.0.0.1:${port}` })}\n`);
process.on('disconnect', () => process.exit(0));

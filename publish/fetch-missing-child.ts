/** Run by the build through publish/fetch-missing.ts: fetches objects of the published build a previous build's directory came from. */
import { Bucket, bucketConfigFromEnv } from './bucket.ts';
import { download } from './fetch-previous.ts';
import { PreviousBuild } from '../build/incremental/previous.ts';

const [root, ...paths] = process.argv.slice(2) as [string, ...string[]];
const previous = PreviousBuild.read(root);
if (!previous?.remote) throw new Error(`${root} holds no build fetched from the bucket`);
await download(Bucket.fromConfig(bucketConfigFromEnv()), previous.remote, root, previous.entries, paths);

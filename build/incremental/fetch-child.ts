/** Child of build/incremental/previous.ts `fetchSync`: fetches objects of the published build a previous build's directory came from. */
import { Bucket, bucketConfigFromEnv } from '../publish/bucket.ts';
import { download } from './from-bucket.ts';
import { PreviousBuild } from './previous.ts';

const [root, ...paths] = process.argv.slice(2) as [string, ...string[]];
const previous = PreviousBuild.read(root);
if (!previous?.remote) throw new Error(`${root} holds no build fetched from the bucket`);
await download(Bucket.fromConfig(bucketConfigFromEnv()), previous.remote, root, previous.entries, paths);

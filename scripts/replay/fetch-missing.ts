/**
 * Run by the replay's build (run.ts `fetchMissingFrom`): fetches objects of the published build a
 * previous build's directory came from, out of the replay's local bucket through its door's socket,
 * as publish/fetch-missing-child.ts does out of the nightly's.
 */
import { PreviousBuild } from '../../build/incremental/previous.ts';
import { download } from '../../publish/fetch-previous.ts';
import { MiniflareBucket } from '../lib/miniflare-bucket.ts';

const [bucketUrl, root, ...paths] = process.argv.slice(2) as [string, string, ...string[]];
const previous = PreviousBuild.read(root);
if (!previous?.remote) throw new Error(`${root} holds no build fetched from the bucket`);
await download(MiniflareBucket.at(bucketUrl), previous.remote, root, previous.entries, paths);

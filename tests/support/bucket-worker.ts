/** The worker in workerd over a published bucket: the options every instance shares, and an S3-compatible origin over HTTP. */
import { bundleWorker, ROOT } from '../../scripts/lib/bundle-worker.ts';
import { COMPATIBILITY_DATE, DURABLE_OBJECTS } from '../../scripts/lib/local-worker.ts';

/** Bundles the worker into `bundlePath` and answers the Miniflare options of an instance running it. */
export async function workerBase(bundlePath: string) {
  const bundle = await bundleWorker(bundlePath);
  return {
    rootPath: ROOT,
    modules: true,
    modulesRoot: ROOT,
    scriptPath: `${ROOT}${bundle.path}`,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: DURABLE_OBJECTS,
  };
}

/** The bucket at `bucketUrl` as the worker's ORIGIN: it fetches `{origin}/{key}` and resolves the pointer (binding POINTER_KEY). */
export function s3Origin(bucketUrl: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const answer = await fetch(`${bucketUrl}${new URL(request.url).pathname}`);
    const headers = new Headers(
      [...answer.headers].filter(([name]) => ['etag', 'content-type', 'x-amz-meta-etag'].includes(name)),
    );
    return new Response(answer.status === 200 ? await answer.arrayBuffer() : null, { status: answer.status, headers });
  };
}

/** The worker in workerd over a published bucket: an S3-compatible origin over HTTP. */

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

// The local bucket's loader: a worker beside the API in the same workerd, bound to the same R2
// bucket. It takes puts and heads in batches, so loading a build is not one round trip per object
// between Node and workerd (scripts/lib/miniflare-bucket.ts).
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/put') {
      const form = await request.formData();
      const entries = JSON.parse(await form.get('entries'));
      const stored = await Promise.all(
        entries.map(async (entry, i) => {
          const object = await env.BUCKET.put(entry.key, await form.get(String(i)).arrayBuffer(), {
            httpMetadata: entry.httpMetadata,
            customMetadata: entry.customMetadata,
          });
          return object.etag;
        }),
      );
      return Response.json(stored);
    }
    if (pathname === '/head') {
      const keys = await request.json();
      const heads = await Promise.all(
        keys.map(async (key) => {
          const object = await env.BUCKET.head(key);
          if (!object) return null;
          return {
            md5: object.etag,
            size: object.size,
            metadata: object.customMetadata ?? {},
            contentType: object.httpMetadata?.contentType ?? null,
            contentEncoding: object.httpMetadata?.contentEncoding ?? null,
            cacheControl: object.httpMetadata?.cacheControl ?? null,
          };
        }),
      );
      return Response.json(heads);
    }
    return new Response('not found', { status: 404 });
  },
};

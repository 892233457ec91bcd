// The local bucket's reader: a worker beside the API in the same workerd, bound to the same R2
// bucket, on a socket of its own (scripts/lib/local-worker.ts `bucketReader`). It answers what a
// process needs that cannot, or should not, go through miniflare's object proxies: an object as
// stored (GET /<key>, its coding, type, cache policy and metadata in headers), a listing page
// (POST /_list) and a copy made inside the bucket (POST /_copy).
const stored = (object) => ({
  'x-stored-encoding': object.httpMetadata?.contentEncoding ?? '',
  'x-stored-type': object.httpMetadata?.contentType ?? '',
  'x-stored-cache-control': object.httpMetadata?.cacheControl ?? '',
  'x-stored-metadata': JSON.stringify(object.customMetadata ?? {}),
});

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname === '/_list') {
      const { prefix, cursor } = await request.json();
      const page = await env.BUCKET.list({ prefix, ...(cursor ? { cursor } : {}) });
      return Response.json({
        objects: page.objects.map((o) => ({ key: o.key, md5: o.etag, size: o.size, lastModified: o.uploaded })),
        cursor: page.truncated ? page.cursor : null,
      });
    }
    if (request.method === 'POST' && pathname === '/_copy') {
      const { from, to } = await request.json();
      const source = await env.BUCKET.get(from);
      if (!source) return new Response(null, { status: 404 });
      await env.BUCKET.put(to, await source.arrayBuffer(), {
        httpMetadata: source.httpMetadata,
        customMetadata: source.customMetadata,
      });
      return new Response(null, { status: 204 });
    }
    const object = await env.BUCKET.get(decodeURIComponent(pathname.slice(1)));
    if (!object) return new Response(null, { status: 404 });
    return new Response(object.body, { headers: stored(object) });
  },
};

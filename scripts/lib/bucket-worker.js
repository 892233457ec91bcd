// The local bucket's door: a worker beside the API in the same workerd, bound to the same R2 bucket,
// reached in process (miniflare's getWorker) and on a socket of its own (another process: a build's
// fetch of what it lacks). Node reads and writes the bucket only through it (scripts/lib/miniflare-bucket.ts):
// puts and heads come in batches, so loading a build is not one round trip per object, and no answer
// goes through miniflare's object proxies, whose synchronous channel fails now and then on a busy machine.
//   POST /put     a form of objects and their `entries` → their ETags
//   POST /head    [keys] → [head or null]
//   POST /list    {prefix, cursor} → a listing page
//   POST /copy    {from, to} → 204, 404 when `from` is missing
//   POST /delete  [keys] → 204
//   GET  /<key>   the object as stored, its coding and metadata in headers; 404 when missing
const stored = (object) => ({
  'x-stored-encoding': object.httpMetadata?.contentEncoding ?? '',
  'x-stored-metadata': JSON.stringify(object.customMetadata ?? {}),
});

const OPERATIONS = {
  async put(request, env) {
    const form = await request.formData();
    const entries = JSON.parse(await form.get('entries'));
    const etags = await Promise.all(
      entries.map(async (entry, i) => {
        const object = await env.BUCKET.put(entry.key, await form.get(String(i)).arrayBuffer(), {
          httpMetadata: entry.httpMetadata,
          customMetadata: entry.customMetadata,
        });
        return object.etag;
      }),
    );
    return Response.json(etags);
  },
  async head(request, env) {
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
  },
  async list(request, env) {
    const { prefix, cursor } = await request.json();
    const page = await env.BUCKET.list({ prefix, ...(cursor ? { cursor } : {}) });
    return Response.json({
      objects: page.objects.map((o) => ({ key: o.key, md5: o.etag, size: o.size, lastModified: o.uploaded })),
      cursor: page.truncated ? page.cursor : null,
    });
  },
  // R2 bindings have no server-side copy: the bytes go through this worker, metadata with them.
  async copy(request, env) {
    const { from, to } = await request.json();
    const source = await env.BUCKET.get(from);
    if (!source) return new Response(null, { status: 404 });
    await env.BUCKET.put(to, await source.arrayBuffer(), {
      httpMetadata: source.httpMetadata,
      customMetadata: source.customMetadata,
    });
    return new Response(null, { status: 204 });
  },
  async delete(request, env) {
    await env.BUCKET.delete(await request.json());
    return new Response(null, { status: 204 });
  },
};

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST') {
      const operation = OPERATIONS[pathname.slice(1)];
      return operation ? operation(request, env) : new Response('no such operation', { status: 404 });
    }
    const object = await env.BUCKET.get(decodeURIComponent(pathname.slice(1)));
    if (!object) return new Response(null, { status: 404 });
    return new Response(object.body, { headers: stored(object) });
  },
};

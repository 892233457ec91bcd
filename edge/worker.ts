/**
 * The edge worker (Fetch API, runs in workerd): every request passes here — the API under
 * /api/v1 and the human pages (/data-health, /api-policy, widgets) — because every 200 carries
 * x-request-id and the x-ratelimit-* headers and every endpoint can answer 429. It reads
 * precomputed objects only; it never touches SQLite.
 */
import { istanbulDay } from '../core/dates.ts';
import { isCompressible, type ContentCoding } from '../core/encodings.ts';
import { API_KEY_HEADER } from '../core/keyed-access.ts';
import { cacheControl, WIDGETS, type CacheValues } from '../core/routes.ts';
import { ageValue, agingCalendars } from './aging.ts';
import type { Answer } from './context.ts';
import { ALERT_METHODS, answerAlert, matchAlertPath } from './alerts/handle.ts';
import type { AlertEnv } from './alerts/context.ts';
import { TOKEN_HEADER } from '../core/alert-routes.ts';
import { errorResponse, READ_METHODS } from './error-response.ts';
import { ApiError } from './errors.ts';
import {
  acceptedCodings,
  baseHeaders,
  clientAcceptEncoding,
  etagMatches,
  setCountedHeaders,
  type Counted,
} from './headers.ts';
import { etagOf } from '../core/digest.ts';
import type { KeyQuota } from './keys/key-quota.ts';
import { admitRequest } from './limit.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { requestIdOf } from './request-id.ts';
import { matchPage, matchRoute } from './router.ts';
import { widgetUnavailable } from './routes/widgets.ts';
import { findCopy, keepCopy, STALE_COPY_HEADER } from './stale-copies.ts';
import { answerSnapshotFile, snapshotFileKey } from './routes/snapshot-files.ts';
import {
  FetcherRangeStore,
  FetcherStore,
  ORIGIN_TIMEOUT_MS,
  OriginUnavailable,
  PointerStore,
  R2RangeStore,
  R2Store,
  type ObjectStore,
  type PointerCache,
  type RangeStore,
} from './store.ts';
import { POINTER_KEY } from '../core/publication.ts';
import { answerKey, findAnswer, keepAnswer } from './answer-cache.ts';
import { CachingStore, type WaitUntil } from './object-cache.ts';
import { runNotifier } from './alerts/notifier/run.ts';

export { RateLimiter } from './rate-limiter.ts';
export { KeyQuota } from './keys/key-quota.ts';

export type Env = AlertEnv & {
  /** production: the bucket the publisher writes */
  BUCKET?: R2Bucket;
  /** locally and for S3-compatible origins: a fetcher serving the build's objects */
  ORIGIN?: Fetcher;
  /** an S3-compatible origin over HTTP without a binding, e.g. `https://s3.example/bucket` */
  ORIGIN_URL?: string;
  /** read ORIGIN / ORIGIN_URL through this publication pointer (the BUCKET always is) */
  POINTER_KEY?: string;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** keyed access (docs/keyed-access.md): keys and plans in D1, one quota object per key */
  KEYS?: D1Database;
  KEY_QUOTA?: DurableObjectNamespace<KeyQuota>;
  /** how long one read of the bucket may take, in ms (default ORIGIN_TIMEOUT_MS, edge/store.ts) */
  ORIGIN_TIMEOUT_MS?: string;
};

const API_PREFIX = '/api/v1';

const pointerCache: PointerCache = { pointer: null, at: 0 };

/**
 * Production reads the published bucket through its pointer (edge/store.ts, publish/), and keeps
 * what it read at the edge (edge/object-cache.ts: below the pointer every key is immutable). An
 * origin without POINTER_KEY serves a build folder as it is, whose keys a new build rewrites:
 * nothing of it is kept, and `published` is null.
 */
function storeOf(env: Env, waitUntil: WaitUntil): { store: ObjectStore; published: PointerStore | null } {
  const through = (store: ObjectStore, key = POINTER_KEY) =>
    new PointerStore(new CachingStore(store, waitUntil), { key, cache: pointerCache });
  const timeoutMs = Number(env.ORIGIN_TIMEOUT_MS) || ORIGIN_TIMEOUT_MS;
  if (env.BUCKET) {
    const published = through(new R2Store(env.BUCKET, timeoutMs), env.POINTER_KEY);
    return { store: published, published };
  }
  const store = new FetcherStore(originOf(env), env.ORIGIN_URL, timeoutMs);
  const published = env.POINTER_KEY ? through(store, env.POINTER_KEY) : null;
  return { store: published ?? store, published };
}

function originOf(env: Env): Fetcher | { fetch(input: string, init?: RequestInit): Promise<Response> } {
  const origin =
    env.ORIGIN ?? (env.ORIGIN_URL ? { fetch: (input: string, init?: RequestInit) => fetch(input, init) } : null);
  if (!origin) throw new Error('no BUCKET, ORIGIN or ORIGIN_URL binding');
  return origin;
}

/** Snapshot files are read by their bucket key, outside any build's pointer, in parts. */
function rangeStoreOf(env: Env): RangeStore {
  const timeoutMs = Number(env.ORIGIN_TIMEOUT_MS) || ORIGIN_TIMEOUT_MS;
  return env.BUCKET
    ? new R2RangeStore(env.BUCKET, timeoutMs)
    : new FetcherRangeStore(originOf(env), env.ORIGIN_URL, timeoutMs);
}

/**
 * A CORS preflight: the read methods, or an alert path's own (which may send a token and a JSON
 * body); a snapshot file also takes the range headers a Parquet reader sends.
 */
function preflight(requestId: string, alertMethods: string | null, snapshotFile: boolean): Response {
  const headers = baseHeaders(requestId);
  headers.set('access-control-allow-methods', alertMethods ?? READ_METHODS);
  const extra = alertMethods ? `, ${TOKEN_HEADER}, content-type` : snapshotFile ? ', range, if-range' : '';
  headers.set('access-control-allow-headers', `x-request-id, if-none-match, ${API_KEY_HEADER}${extra}`);
  headers.set('access-control-max-age', '86400');
  return new Response(null, { status: 204, headers });
}

/** Served on a later day than the build: freshness re-aged (edge/aging.ts), never made fresher. */
async function ageAnswer(answer: Answer, store: ObjectStore, today: string): Promise<void> {
  if (answer.aged || !answer.contentType.startsWith('application/json') || answer.body === null) return;
  const calendars = await agingCalendars(store, today);
  if (!calendars) return;
  const text = typeof answer.body === 'string' ? answer.body : await new Response(answer.body).text();
  const value = JSON.parse(text) as unknown;
  if (ageValue(value, calendars, today)) {
    answer.body = JSON.stringify(value);
    answer.etag = await etagOf(answer.body);
  } else answer.body = text;
}

/** What one request is: its id, address, path, the client's codings, and its limiter's answer. */
type Asked = {
  request: Request;
  url: URL;
  requestId: string;
  codings: ContentCoding[];
  counted: Counted;
};

/** The answer as the contract sends it: headers, 304 on a matching ETag, HEAD without a body. */
function respond(
  asked: Asked,
  answer: Answer,
  cache: CacheValues,
  conditional: boolean,
  staleCopyAt?: string,
): Response {
  const { request, requestId, codings } = asked;
  const headers = baseHeaders(requestId);
  headers.set('etag', answer.etag);
  headers.set('cache-control', staleCopyAt ? 'no-store' : cacheControl(cache));
  if (staleCopyAt) headers.set(STALE_COPY_HEADER, staleCopyAt);
  // One ETag for every coding of an answer: it names the identity bytes, as the manifest does.
  const compressible = isCompressible(answer.contentType);
  if (compressible) headers.set('vary', 'accept-encoding');
  setCountedHeaders(headers, asked.counted);
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  const status = answer.status ?? 200;
  if (status === 200 && conditional && etagMatches(request.headers.get('if-none-match'), answer.etag)) {
    if (answer.body instanceof ReadableStream) void answer.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', answer.contentType);
  // Stored bytes go in their own coding; anything else the runtime encodes on the way out.
  const coding = answer.encoding ?? (compressible ? codings[0] : undefined);
  if (coding) headers.set('content-encoding', coding);
  if (answer.link) headers.set('link', answer.link);
  const body = request.method === 'HEAD' ? null : answer.body;
  if (request.method === 'HEAD' && answer.body instanceof ReadableStream) void answer.body.cancel();
  // `manual`: the body is already in its content coding; the runtime would otherwise encode it again.
  return new Response(body, { status, headers, encodeBody: answer.encoding ? 'manual' : 'automatic' });
}

/** The bucket failed: today's copy of this answer where the location kept one (stale-if-error), else the error. */
async function staleOrError(
  asked: Asked,
  error: OriginUnavailable,
  today: string,
  cache: CacheValues | null,
): Promise<Response> {
  const copy = cache ? await findCopy(asked.url, asked.codings, today) : null;
  console.error(`request ${asked.requestId}: ${error.message}${copy ? `; stale copy of ${copy.meta.at} sent` : ''}`);
  if (!copy)
    return errorResponse(
      'ORIGIN_UNAVAILABLE',
      asked.requestId,
      { reason: error.message.slice(0, 200) },
      { counted: asked.counted },
    );
  const { meta } = copy;
  const answer: Answer = {
    body: new Uint8Array(copy.body),
    etag: meta.etag,
    contentType: meta.contentType,
    ...(meta.encoding ? { encoding: meta.encoding } : {}),
    ...(meta.link ? { link: meta.link } : {}),
  };
  return respond(asked, answer, cache!, true, meta.at);
}

export async function handle(
  request: Request,
  env: Env,
  ctx?: { waitUntil(work: Promise<unknown>): void },
): Promise<Response> {
  const requestId = requestIdOf(request);
  const url = new URL(request.url);
  const isApi = url.pathname.startsWith(`${API_PREFIX}/`);
  const path = (isApi ? url.pathname.slice(API_PREFIX.length) : url.pathname).replace(/\/+$/, '') || '/';
  const alertPath = matchAlertPath(isApi, path);
  const snapshotFile = isApi ? null : snapshotFileKey(path);
  if (request.method === 'OPTIONS')
    return preflight(requestId, alertPath ? ALERT_METHODS[alertPath.kind] : null, snapshotFile !== null);
  const widget = isApi ? undefined : WIDGETS.find((w) => w.path === path);
  const { counted, refusal } = await admitRequest(
    { limiter: env.RATE_LIMITER as never, keys: env.KEYS, quotas: env.KEY_QUOTA as never },
    request,
    url,
    widget ? 'widget' : snapshotFile ? 'snapshot' : 'api',
  );
  const rate = counted?.role === 'address' ? counted.state : undefined;
  if (refusal?.code === 'RATE_LIMITED' && widget) return widgetUnavailable(widget, 429, url, requestId, rate);
  if (refusal)
    return errorResponse(refusal.code, requestId, refusal.details, { counted, retryAfter: refusal.retryAfter });
  const waitUntil: WaitUntil = (work) => (ctx ? ctx.waitUntil(work) : void work);
  if (alertPath)
    return answerAlert(
      {
        request,
        url,
        requestId,
        counted,
        env,
        store: () => storeOf(env, waitUntil).store,
        waitUntil,
        now: new Date(),
      },
      alertPath,
    );
  const today = istanbulDay(new Date());
  const asked: Asked = {
    request,
    url,
    requestId,
    codings: acceptedCodings(clientAcceptEncoding(request)),
    counted,
  };
  let keepable: CacheValues | null = null;
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', { method: request.method.slice(0, 16) });
    if (snapshotFile) return await answerSnapshotFile(request, snapshotFile, rangeStoreOf(env), asked);
    const route = isApi ? matchRoute(path) : matchPage(path);
    if (!route) throw new ApiError(404, 'NOT_FOUND', { path: url.pathname.slice(0, 200) });
    // Only answers a CDN may keep are kept as stale copies (not the export, not /health).
    if (request.method === 'GET' && route.spec.cache.sMaxAge > 0) keepable = route.spec.cache;
    const { store, published } = storeOf(env, waitUntil);
    // What a CDN may keep, the edge keeps too, under the build it was read from.
    const answerAt =
      published && route.spec.cache.sMaxAge > 0
        ? answerKey((await published.pointer()).prefix, today, asked.codings, url)
        : null;
    let answer = answerAt ? await findAnswer(answerAt) : null;
    if (!answer) {
      answer = await route.handler({
        url,
        params: url.searchParams,
        store,
        today,
        pathParams: route.pathParams,
        codings: asked.codings,
      });
      await ageAnswer(answer, store, today);
      if (answerAt) answer = await keepAnswer(answerAt, answer, asked.codings, waitUntil);
    }
    const coding = answer.encoding ?? null;
    if (keepable && (answer.status ?? 200) === 200) answer = keepCopy(url, answer, coding, today, waitUntil);
    return respond(asked, answer, route.spec.cache, route.spec.conditional !== false);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error.code, requestId, error.details, { counted });
    if (error instanceof OriginUnavailable && !widget) return staleOrError(asked, error, today, keepable);
    console.error(`request ${requestId} failed:`, error);
    if (widget) return widgetUnavailable(widget, 503, url, requestId, rate);
    return errorResponse('INTERNAL_ERROR', requestId, null, { counted });
  }
}

export default {
  fetch: (request, env, ctx) => handle(request, env, ctx),
  scheduled: (controller, env, ctx) => ctx.waitUntil(runNotifier(env, new Date(controller.scheduledTime))),
} satisfies ExportedHandler<Env>;

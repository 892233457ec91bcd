/**
 * The edge worker (Fetch API, runs in workerd): every request passes here — the API under
 * /api/v1 and the human pages (/data-health, /api-policy, widgets) — because every 200 carries
 * x-request-id and the x-ratelimit-* headers and every endpoint can answer 429. It reads
 * precomputed objects only; it never touches SQLite.
 */
import { istanbulDay } from '../core/dates.ts';
import { WIDGETS, type CacheValues } from '../core/routes.ts';
import { API_BASE } from '../core/urls.ts';
import { ALERT_METHODS, answerAlert, matchAlertPath } from './alerts/handle.ts';
import type { AlertEnv } from './alerts/context.ts';
import { runNotifier } from './alerts/notifier/run.ts';
import { ageAnswer } from './answer/aging.ts';
import { answerKey, findAnswer, keepAnswer } from './answer/cache.ts';
import { errorResponse } from './answer/error-response.ts';
import { ApiError } from './answer/errors.ts';
import { acceptedCodings, clientAcceptEncoding, type Counted } from './answer/headers.ts';
import { preflight, respond, staleOrError, type Asked } from './answer/respond.ts';
import { keepCopy } from './answer/stale-copies.ts';
import type { KeyQuota } from './keys/key-quota.ts';
import { admitRequest } from './limits/admission.ts';
import type { RateLimiter } from './limits/rate-limiter.ts';
import { rangeOrigin, requestOrigin, type OriginEnv } from './origin/bindings.ts';
import type { WaitUntil } from './origin/caching.ts';
import { OriginUnavailable } from './origin/object.ts';
import { requestIdOf } from './request/request-id.ts';
import { matchPage, matchRoute } from './router.ts';
import { widgetUnavailable } from './routes/widgets.ts';
import { answerSnapshotFile, snapshotFileKey } from './routes/snapshot-files.ts';

export { RateLimiter } from './limits/rate-limiter.ts';
export { KeyQuota } from './keys/key-quota.ts';

export type Env = AlertEnv &
  OriginEnv & {
    RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
    /** keyed access (docs/keyed-access.md): keys and plans in D1, one quota object per key */
    KEYS?: D1Database;
    KEY_QUOTA?: DurableObjectNamespace<KeyQuota>;
  };

/** Where a request goes: under /api/v1 or a page's path, and whether an alert, a snapshot file or a widget. */
type Target = {
  isApi: boolean;
  path: string;
  alertPath: ReturnType<typeof matchAlertPath>;
  snapshotFile: string | null;
  widget: (typeof WIDGETS)[number] | undefined;
};

function targetOf(url: URL): Target {
  const isApi = url.pathname.startsWith(`${API_BASE}/`);
  const path = (isApi ? url.pathname.slice(API_BASE.length) : url.pathname).replace(/\/+$/, '') || '/';
  return {
    isApi,
    path,
    alertPath: matchAlertPath(isApi, path),
    snapshotFile: isApi ? null : snapshotFileKey(path),
    widget: isApi ? undefined : WIDGETS.find((w) => w.path === path),
  };
}

/** The limiter's verdict: the request counted, or the answer that refuses it (a widget's own page for a widget). */
async function admit(
  request: Request,
  url: URL,
  env: Env,
  target: Target,
  requestId: string,
): Promise<{ counted: Counted } | { refused: Response }> {
  const { widget, snapshotFile } = target;
  const { counted, refusal } = await admitRequest(
    { limiter: env.RATE_LIMITER as never, keys: env.KEYS, quotas: env.KEY_QUOTA as never },
    request,
    url,
    widget ? 'widget' : snapshotFile ? 'snapshot' : 'api',
  );
  if (!refusal) return { counted };
  if (refusal.code === 'RATE_LIMITED' && widget)
    return { refused: widgetUnavailable(widget, 429, url, requestId, rateOf(counted)) };
  const { code, details, retryAfter } = refusal;
  return { refused: errorResponse(code, requestId, details, { counted, retryAfter }) };
}

const rateOf = (counted: Counted | null) => (counted?.role === 'address' ? counted.state : undefined);

export async function handle(
  request: Request,
  env: Env,
  ctx?: { waitUntil(work: Promise<unknown>): void },
): Promise<Response> {
  const requestId = requestIdOf(request);
  const url = new URL(request.url);
  const target = targetOf(url);
  const { alertPath } = target;
  if (request.method === 'OPTIONS')
    return preflight(requestId, alertPath ? ALERT_METHODS[alertPath.kind] : null, target.snapshotFile !== null);
  const admitted = await admit(request, url, env, target, requestId);
  if ('refused' in admitted) return admitted.refused;
  const { counted } = admitted;
  const waitUntil: WaitUntil = (work) => (ctx ? ctx.waitUntil(work) : void work);
  if (alertPath) {
    const origin = () => requestOrigin(env, waitUntil).origin;
    return answerAlert({ request, url, requestId, counted, env, origin, waitUntil, now: new Date() }, alertPath);
  }
  const codings = acceptedCodings(clientAcceptEncoding(request));
  return answerRead({ request, url, requestId, codings, counted }, target, env, waitUntil);
}

/** A read (GET or HEAD) of a snapshot file, the API or a page; whatever fails becomes the contract's answer to it. */
async function answerRead(asked: Asked, target: Target, env: Env, waitUntil: WaitUntil): Promise<Response> {
  const { request, url } = asked;
  const today = istanbulDay(new Date());
  let keepable: CacheValues | null = null;
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', { method: request.method.slice(0, 16) });
    if (target.snapshotFile) return await answerSnapshotFile(request, target.snapshotFile, rangeOrigin(env), asked);
    const route = target.isApi ? matchRoute(target.path) : matchPage(target.path);
    if (!route) throw new ApiError(404, 'NOT_FOUND', { path: url.pathname.slice(0, 200) });
    // Only answers a CDN may keep are kept as stale copies (not the export, not /health).
    if (request.method === 'GET' && route.spec.cache.sMaxAge > 0) keepable = route.spec.cache;
    return await answerRoute(asked, route, requestOrigin(env, waitUntil), { today, keepable, waitUntil });
  } catch (error) {
    return readFailed(error, asked, target, today, keepable);
  }
}

type Route = NonNullable<ReturnType<typeof matchRoute> | ReturnType<typeof matchPage>>;

/** A route's answer: the one the edge kept from this build, else its handler's, re-aged and kept. */
async function answerRoute(
  asked: Asked,
  route: Route,
  { origin, published }: ReturnType<typeof requestOrigin>,
  { today, keepable, waitUntil }: { today: string; keepable: CacheValues | null; waitUntil: WaitUntil },
): Promise<Response> {
  const { url, codings } = asked;
  // What a CDN may keep, the edge keeps too, under the build it was read from.
  const answerAt =
    published && route.spec.cache.sMaxAge > 0
      ? answerKey((await published.pointer()).prefix, today, codings, url)
      : null;
  let answer = answerAt ? await findAnswer(answerAt) : null;
  if (!answer) {
    const { pathParams } = route;
    answer = await route.handler({ url, params: url.searchParams, origin, today, pathParams, codings });
    await ageAnswer(answer, origin, today);
    if (answerAt) answer = await keepAnswer(answerAt, answer, codings, waitUntil);
  }
  const coding = answer.encoding ?? null;
  if (keepable && (answer.status ?? 200) === 200) answer = keepCopy(url, answer, coding, today, waitUntil);
  return respond(asked, answer, route.spec.cache, route.spec.conditional !== false);
}

/** A read that failed: the contract's error, a stale copy when the bucket failed, a widget's own page. */
function readFailed(
  error: unknown,
  asked: Asked,
  { widget }: Target,
  today: string,
  keepable: CacheValues | null,
): Response | Promise<Response> {
  const { url, requestId, counted } = asked;
  if (error instanceof ApiError) return errorResponse(error.code, requestId, error.details, { counted });
  if (error instanceof OriginUnavailable && !widget) return staleOrError(asked, error, today, keepable);
  console.error(`request ${requestId} failed:`, error);
  if (widget) return widgetUnavailable(widget, 503, url, requestId, rateOf(counted));
  return errorResponse('INTERNAL_ERROR', requestId, null, { counted });
}

export default {
  fetch: (request, env, ctx) => handle(request, env, ctx),
  scheduled: (controller, env, ctx) => ctx.waitUntil(runNotifier(env, new Date(controller.scheduledTime))),
} satisfies ExportedHandler<Env>;

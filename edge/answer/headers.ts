import type { ContentCoding } from '../../core/encodings.ts';
import {
  API_PLAN,
  FILTER_SUGGESTIONS,
  NEWEST_DATA_DAY,
  QUOTA_HEADERS,
  QUOTA_LIMIT,
  QUOTA_REMAINING,
  QUOTA_RESET,
  QUOTA_UNCOUNTED,
  STALE_COPY,
  UNCOUNTED,
  UNKNOWN_FILTERS,
} from '../../core/extra-headers.ts';
/** Headers every answer carries: CORS for any origin, the request id, and what a browser may read. */
const EXPOSED_HEADERS = [
  'etag',
  'link',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  NEWEST_DATA_DAY,
  UNKNOWN_FILTERS,
  FILTER_SUGGESTIONS,
  STALE_COPY,
  UNCOUNTED,
  ...Object.keys(QUOTA_HEADERS),
].join(', ');

export function baseHeaders(requestId: string): Headers {
  return new Headers({
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    'x-request-id': requestId,
  });
}

export type RateLimitState = { limit: number; remaining: number; reset: number };

export function setRateLimitHeaders(headers: Headers, state: RateLimitState): void {
  headers.set('x-ratelimit-limit', String(state.limit));
  headers.set('x-ratelimit-remaining', String(state.remaining));
  headers.set('x-ratelimit-reset', String(state.reset));
}

/** A key's daily quota: its plan, the day's limit, what is left, seconds to the reset. */
type QuotaState = { plan: string; limit: number; remaining: number; reset: number };

/** How a request was counted: per address (keyless) or per key; never both on one answer. */
export type Counted =
  | { role: 'address'; state: RateLimitState; uncounted: boolean }
  | { role: 'key'; quota: QuotaState; uncounted: boolean };

export function setCountedHeaders(headers: Headers, counted: Counted): void {
  if (counted.role === 'address') {
    setRateLimitHeaders(headers, counted.state);
    if (counted.uncounted) headers.set(UNCOUNTED, 'limiter unavailable');
    return;
  }
  headers.set(QUOTA_LIMIT, String(counted.quota.limit));
  headers.set(QUOTA_REMAINING, String(counted.quota.remaining));
  headers.set(QUOTA_RESET, String(counted.quota.reset));
  headers.set(API_PLAN, counted.quota.plan);
  if (counted.uncounted) headers.set(QUOTA_UNCOUNTED, 'quota counter unavailable');
}

/** If-None-Match matches when any listed tag (weak or strong) equals ours, or it is `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

/**
 * The codings a client accepts, best first, from its Accept-Encoding (RFC 9110 §12.5.3): `q=0`
 * refuses a coding, `*` stands for any coding not named, and brotli wins a tie (smaller). Empty
 * means identity. No header means identity too: the RFC lets a server pick a coding then, but a
 * client that sent none (curl, Node's http.get) may not decode one. A client that refuses identity
 * (`identity;q=0`, or `*;q=0` without naming identity) and names no coding we have gets gzip, the
 * one every HTTP client decodes, rather than an error.
 */
export function acceptedCodings(header: string | null): ContentCoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.map((p) => /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(p)).find((m) => m !== null);
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q[1]) : 1);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const accepted = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a));
  const identityRefused = (weights.get('identity') ?? weights.get('*') ?? 1) === 0;
  return accepted.length === 0 && identityRefused ? ['gzip'] : accepted;
}

/**
 * What the client itself sent. Cloudflare replaces Accept-Encoding on the way to a worker (the
 * worker sees `br, gzip`) and keeps the client's value in `cf.clientAcceptEncoding`; miniflare's
 * entry does the same. Without that property the header is the client's own.
 */
export function clientAcceptEncoding(request: Request): string | null {
  const original = (request as { cf?: { clientAcceptEncoding?: unknown } }).cf?.clientAcceptEncoding;
  return typeof original === 'string' ? original : request.headers.get('accept-encoding');
}

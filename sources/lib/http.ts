/**
 * The one HTTP client of the collectors (undici): a descriptive user agent, one timeout per
 * attempt covering the headers and the whole body, retries with exponential backoff for network
 * errors and 5xx only (a 401/403/429 or a 404 is an answer, not a glitch), a maximum body size,
 * conditional requests where a previous ETag/Last-Modified is known, and a cookie jar for sites
 * that need a session (ASP.NET, CSRF tokens).
 *
 * A timeout, reset or abort while the body streams in is a NetworkError like one before the
 * headers: the attempt is retried, and the source is `unreachable` after the retries, never
 * `broken`. A body over the maximum is refused while it streams (reading stops there): a site
 * that suddenly serves tens of megabytes has changed, so the scrape classes it `broken`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { fetch, type RequestInit as UndiciInit, type Response } from 'undici';

const USER_AGENT = 'hal-api/1.0 (+https://github.com/hal-api; open data collector; one request per list per day)';

export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}

export class NetworkError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`network error for ${url}: ${reason}`);
  }
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`);

export class BodyTooLargeError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly limit: number,
    /** the Content-Length the server announced, null when the body streamed past the limit */
    readonly declared: number | null,
  ) {
    const size =
      declared === null ? `more than ${limit} bytes streamed, reading stopped` : `Content-Length ${declared}, not read`;
    super(`answer of HTTP ${status} from ${url} is larger than the maximum of ${sizeText(limit)} (${size})`);
  }
}

/** The real night's values; scripts/scrape.ts overrides them only when told to. */
export const HTTP_DEFAULTS = { timeoutMs: 30_000, retries: 3, backoffMs: 1_000, maxBodyBytes: 20 * MB } as const;

export type HttpResponse = {
  url: string;
  status: number;
  contentType: string;
  bytes: Uint8Array;
  fetchedAt: string;
  etag: string | null;
  lastModified: string | null;
  notModified: boolean;
};

export type HttpRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** form fields (application/x-www-form-urlencoded) or a JSON body */
  form?: Record<string, string>;
  json?: unknown;
  /** validators of the copy we hold: the server may answer 304 */
  etag?: string | null;
  lastModified?: string | null;
  /** the run's deadline: aborts the attempt under way and every retry */
  signal?: AbortSignal;
};

export type HttpClient = { request(url: string, req?: HttpRequest): Promise<HttpResponse> };

export type HttpOptions = {
  /** one attempt, headers and body */
  timeoutMs?: number;
  retries?: number;
  /** the first pause between attempts; it doubles after each */
  backoffMs?: number;
  maxBodyBytes?: number;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** where every request goes instead of the official host (`routedUrl`); default `HAL_SOURCE_ORIGIN`, none when unset */
  origin?: string;
};

/**
 * `https://host/path?query` as `<origin>/host/path?query`: how the collectors reach a local stand-in
 * of the official sites (the replay's, the tests' fault server) with the adapters unchanged. The
 * answer keeps the URL the adapter asked for, and so do the errors, the cookies and the evidence.
 */
export function routedUrl(url: string, origin: string): string {
  const { host, pathname, search } = new URL(url);
  return `${origin.replace(/\/+$/, '')}/${host}${pathname}${search}`;
}

/** The body, refused once it passes `limit` bytes (announced or streamed). */
async function readBody(response: Response, url: string, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel();
    throw new BodyTooLargeError(url, response.status, limit, declared);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: nothing more is read.
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyTooLargeError(url, response.status, limit, null);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

function describeFailure(
  error: unknown,
  timeout: AbortSignal,
  timeoutMs: number,
  deadline: AbortSignal | undefined,
): string {
  if (deadline?.aborted)
    return `aborted: ${deadline.reason instanceof Error ? deadline.reason.message : String(deadline.reason)}`;
  if (timeout.aborted) return `no complete answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  return `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`;
}

export function createHttpClient(options: HttpOptions = {}): HttpClient {
  const {
    timeoutMs = HTTP_DEFAULTS.timeoutMs,
    retries = HTTP_DEFAULTS.retries,
    backoffMs = HTTP_DEFAULTS.backoffMs,
    maxBodyBytes = HTTP_DEFAULTS.maxBodyBytes,
  } = options;
  const { fetchImpl = fetch, now = () => new Date() } = options;
  const origin = options.origin ?? process.env.HAL_SOURCE_ORIGIN ?? '';
  const cookies = new Map<string, string>();

  async function once(url: string, req: HttpRequest): Promise<HttpResponse> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: '*/*', ...req.headers };
    const host = new URL(url).host;
    if (cookies.has(host)) headers.cookie = cookies.get(host)!;
    if (req.etag) headers['if-none-match'] = req.etag;
    if (req.lastModified) headers['if-modified-since'] = req.lastModified;
    let body: string | undefined;
    if (req.form) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json; charset=UTF-8';
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
    try {
      const response = await fetchImpl(origin ? routedUrl(url, origin) : url, {
        method: req.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
        signal,
      } as UndiciInit);
      keepCookies(host, response);
      if (response.status >= 400) {
        await response.body?.cancel();
        throw new HttpStatusError(url, response.status);
      }
      return answerOf(url, req, response, await readBody(response, url, maxBodyBytes));
    } catch (error) {
      if (error instanceof HttpStatusError || error instanceof BodyTooLargeError) throw error;
      throw new NetworkError(url, describeFailure(error, timeout, timeoutMs, req.signal));
    }
  }

  function keepCookies(host: string, response: Response): void {
    const setCookies = response.headers.getSetCookie?.() ?? [];
    if (setCookies.length) {
      const jar = new Map(
        (cookies.get(host) ?? '')
          .split('; ')
          .filter(Boolean)
          .map((c) => c.split('=', 2) as [string, string]),
      );
      for (const c of setCookies) {
        const [pair] = c.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      cookies.set(host, [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    }
  }

  function answerOf(url: string, req: HttpRequest, response: Response, bytes: Uint8Array): HttpResponse {
    if (response.status === 304) {
      return {
        url,
        status: 304,
        contentType: '',
        bytes,
        fetchedAt: now().toISOString(),
        etag: req.etag ?? null,
        lastModified: req.lastModified ?? null,
        notModified: true,
      };
    }
    return {
      url,
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      bytes,
      fetchedAt: now().toISOString(),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      notModified: false,
    };
  }

  return {
    async request(url, req = {}) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(url, req);
        } catch (error) {
          const retryable = error instanceof NetworkError || (error instanceof HttpStatusError && error.status >= 500);
          if (!retryable || attempt >= retries || req.signal?.aborted) throw error;
          // The deadline cuts the pause short too; the failure is then the last attempt's.
          await delay(backoffMs * 2 ** attempt, undefined, { signal: req.signal }).catch(() => {
            throw error;
          });
        }
      }
    },
  };
}

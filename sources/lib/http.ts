/**
 * The one HTTP client of the collectors (undici): a descriptive user agent, a timeout per
 * request, retries with exponential backoff for network errors and 5xx only (a 403 or a 404 is
 * an answer, not a glitch), conditional requests where a previous ETag/Last-Modified is known,
 * and a cookie jar for sites that need a session (ASP.NET, CSRF tokens).
 */
import { fetch, type RequestInit as UndiciInit } from 'undici';

export const USER_AGENT = 'hal-api/1.0 (+https://github.com/hal-api; open data collector; one request per list per day)';

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
};

export type HttpClient = { request(url: string, req?: HttpRequest): Promise<HttpResponse> };

export type HttpOptions = {
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

export function createHttpClient(options: HttpOptions = {}): HttpClient {
  const { timeoutMs = 30_000, retries = 3, backoffMs = 1_000, fetchImpl = fetch, now = () => new Date() } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
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
    let response;
    try {
      response = await fetchImpl(url, { method: req.method ?? (body ? 'POST' : 'GET'), headers, body, signal: AbortSignal.timeout(timeoutMs) } as UndiciInit);
    } catch (error) {
      throw new NetworkError(url, error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}` : String(error));
    }
    const setCookies = response.headers.getSetCookie?.() ?? [];
    if (setCookies.length) {
      const jar = new Map((cookies.get(host) ?? '').split('; ').filter(Boolean).map((c) => c.split('=', 2) as [string, string]));
      for (const c of setCookies) {
        const [pair] = c.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      cookies.set(host, [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status === 304) {
      return { url, status: 304, contentType: '', bytes, fetchedAt: now().toISOString(), etag: req.etag ?? null, lastModified: req.lastModified ?? null, notModified: true };
    }
    if (response.status >= 400) throw new HttpStatusError(url, response.status);
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
          if (!retryable || attempt >= retries) throw error;
          await sleep(backoffMs * 2 ** attempt);
        }
      }
    },
  };
}

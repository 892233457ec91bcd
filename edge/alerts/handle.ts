/**
 * Which requests are the alerts', and their answer: the operations under /api/v1 and the
 * compatibility prefix (edge/alerts/api.ts), and the human pages the mails link to
 * (edge/alerts/pages.ts). Everything else is the read API's, which accepts GET and HEAD only.
 */
import { ALERT_PAGES } from '../../core/alerts.ts';
import { COMPAT_PREFIX } from '../../core/compat/routes.ts';
import { errorResponse } from '../answer/error-response.ts';
import { ApiError } from '../answer/errors.ts';
import { createAlert, deleteAlert, listAlerts } from './api.ts';
import type { AlertAsked } from './context.ts';
import { confirmPage, htmlResponse, managePage, unsubscribePage } from './pages.ts';

type Matched =
  | { kind: 'collection'; compat: boolean }
  | { kind: 'alert'; compat: boolean; id: string }
  | { kind: 'page'; page: keyof typeof ALERT_PAGES };

/** The methods each kind of alert path accepts (a 405 names them; a preflight allows them). */
export const ALERT_METHODS: Record<Matched['kind'], string> = {
  collection: 'GET, POST, OPTIONS',
  alert: 'DELETE, OPTIONS',
  page: 'GET, HEAD, POST, OPTIONS',
};

/** `path`: below /api/v1 when `isApi`, else the page path; null when it is not an alert path. */
export function matchAlertPath(isApi: boolean, path: string): Matched | null {
  if (!isApi) {
    const page = (Object.keys(ALERT_PAGES) as (keyof typeof ALERT_PAGES)[]).find((p) => ALERT_PAGES[p] === path);
    return page ? { kind: 'page', page } : null;
  }
  const compat = path.startsWith(`${COMPAT_PREFIX}/`);
  const rest = compat ? path.slice(COMPAT_PREFIX.length) : path;
  if (rest === '/alerts') return { kind: 'collection', compat };
  const one = /^\/alerts\/([^/]+)$/.exec(rest);
  if (!one) return null;
  let id: string;
  try {
    id = decodeURIComponent(one[1]!);
  } catch {
    id = one[1]!;
  }
  return { kind: 'alert', compat, id };
}

async function route(asked: AlertAsked, matched: Matched): Promise<Response> {
  const method = asked.request.method;
  if (matched.kind === 'page') {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST')
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', { method: method.slice(0, 16) });
    const db = asked.env.ALERTS;
    if (!db)
      return htmlResponse(asked, 503, 'Alarmlar kullanılamıyor', '<h1>Fiyat alarmları şu an kullanılamıyor</h1>');
    const answer = await { confirm: confirmPage, manage: managePage, unsubscribe: unsubscribePage }[matched.page](
      asked,
      db,
    );
    return method === 'HEAD' ? new Response(null, { status: answer.status, headers: answer.headers }) : answer;
  }
  if (matched.kind === 'collection' && method === 'POST') return createAlert(asked, matched.compat);
  if (matched.kind === 'collection' && method === 'GET') return listAlerts(asked, matched.compat);
  if (matched.kind === 'alert' && method === 'DELETE') return deleteAlert(asked, matched.id);
  throw new ApiError(405, 'METHOD_NOT_ALLOWED', { method: method.slice(0, 16) });
}

/** The answer of an alert path, every error in the error body: a failing database is a 503, never a 500. */
export async function answerAlert(asked: AlertAsked, matched: Matched): Promise<Response> {
  const options = { counted: asked.counted, allow: ALERT_METHODS[matched.kind] };
  try {
    return await route(asked, matched);
  } catch (error) {
    if (error instanceof ApiError) {
      const retryAfter = (error.details as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? null;
      return errorResponse(error.code, asked.requestId, error.details, { ...options, retryAfter });
    }
    // Anything shaped like an address is cut from the line: no address enters a log.
    const message = String((error as Error).message).replace(/\S+@\S+/g, '…');
    console.error(`request ${asked.requestId}: alerts failed: ${(error as Error).name}: ${message}`);
    return errorResponse('ALERTS_UNAVAILABLE', asked.requestId, { reason: 'store_failed' }, options);
  }
}

/** An error as the contract sends it: the error body, never cached, with the limiter's headers when counted. */
import { ERRORS } from '../../core/errors.ts';
import { errorBody, type ErrorCode } from './errors.ts';
import { baseHeaders, setCountedHeaders, type Counted } from './headers.ts';

/** The methods a read path accepts (a 405 names them). */
export const READ_METHODS = 'GET, HEAD, OPTIONS';

export function errorResponse(
  code: ErrorCode,
  requestId: string,
  details: unknown,
  { counted, retryAfter, allow }: { counted?: Counted | null; retryAfter?: number | null; allow?: string } = {},
): Response {
  const headers = baseHeaders(requestId);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  if (counted) setCountedHeaders(headers, counted);
  if (retryAfter) headers.set('retry-after', String(retryAfter));
  const status = ERRORS[code].status;
  if (status === 405) headers.set('allow', allow ?? READ_METHODS);
  return new Response(JSON.stringify(errorBody(code, requestId, details)), { status, headers });
}

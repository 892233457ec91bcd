/**
 * The error body of the contract (five keys, the nested `error` kept for the earlier system's
 * clients), with the Turkish messages of core/errors.ts. One class knows how to become the
 * response, so documented errors cannot drift. Errors are never cached.
 */
import { ERRORS, type ErrorCode, type StatusOf } from '../../core/errors.ts';

export type { ErrorCode } from '../../core/errors.ts';

/** A status that is not the code's own does not compile: each code is sent with one status. */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly status: StatusOf<C>,
    readonly code: C,
    readonly details: unknown = null,
  ) {
    super(ERRORS[code].message);
  }
}

export function errorBody(code: ErrorCode, requestId: string, details: unknown = null, now = new Date()) {
  const message = ERRORS[code].message;
  return {
    error: { code, message, details, requestId },
    code,
    message,
    requestId,
    timestamp: now.toISOString(),
  };
}

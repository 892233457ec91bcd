/**
 * The compatibility prefix's own parameters, by the main rules (edge/request/params.ts): a boolean such as
 * `latestOnly` is `true`/`false` or `1`/`0`; absent or blank (an empty form field) is false; any
 * other value is a 400 listing the allowed ones, never silently ignored.
 */
import { ApiError } from '../../answer/errors.ts';

const BOOLEAN_VALUES = ['true', 'false', '1', '0'] as const;

export function booleanParam(params: URLSearchParams, name: string): boolean {
  const value = params.get(name)?.trim();
  if (!value) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ApiError(400, 'INVALID_PARAMETER', { parameter: name, value: value.slice(0, 64), allowed: BOOLEAN_VALUES });
}

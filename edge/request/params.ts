/**
 * Query parameters → values, with the contract's fallbacks: an invalid `range` counts as the default
 * days and a longer range as the most (core/routes.ts RANGE_DAYS); `limit` is clamped to the endpoint's bound; malformed
 * days, pages and limits, and values outside a closed list, are clear 400s. Filter values are
 * folded to slugs, so `İzmir`, `izmir` and `IZMIR` are the same city; a value given is never
 * dropped (one that folds to nothing matches nothing). Every route parses its parameters here.
 */
import { isDay, isoWeekMonday, type Day } from '../../core/dates.ts';
import { RANGE_DAYS, type PageLimits } from '../../core/routes.ts';
import { slugify } from '../../core/turkish.ts';
import { ApiError } from '../answer/errors.ts';

export function rangeDays(value: string | null): number | undefined {
  if (value === null) return undefined;
  const m = /^(\d{1,7})d$/.exec(value.trim());
  const days = m ? Number(m[1]) : 0;
  if (days < 1) return RANGE_DAYS.default;
  return Math.min(days, RANGE_DAYS.max);
}

/** A day parameter (`date`, `from`, `to`): absent → undefined; not a real day YYYY-MM-DD → a 400 naming it. */
export function dayParam(params: URLSearchParams, name: string): Day | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!isDay(value.trim())) throw new ApiError(400, 'INVALID_DATE', { parameter: name, value: value.slice(0, 64) });
  return value.trim();
}

/** An ISO week parameter (`week`): absent → undefined; not a real week YYYY-WW → a 400 naming it. */
export function isoWeekParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  const week = value.trim();
  if (!isoWeekMonday(week))
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: name,
      value: value.slice(0, 64),
      expected: 'YYYY-WW (ISO week, e.g. 2026-07)',
    });
  return week;
}

/** A parameter of a few allowed values, taken as written: absent → undefined; another value is a 400 listing them. */
export function enumParam<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ApiError(400, 'INVALID_PARAMETER', { parameter: name, value: value.slice(0, 64), allowed });
  }
  return value as T;
}

export type Paging = { page: number; limit: number; sent: boolean };

/**
 * A whole number ≥ 1 of any length (optional `+`, surrounding spaces); a value above the safe
 * integers counts as the largest one: a page that far is past the last page like any other,
 * a limit that large is clamped like any other. Anything else is NaN.
 */
function wholeNumber(text: string): number {
  if (!/^\s*\+?\d+\s*$/.test(text)) return Number.NaN;
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

export function paging(params: URLSearchParams, limits: PageLimits): Paging {
  const page = params.get('page');
  const p = page === null ? 1 : wholeNumber(page);
  if (!(p >= 1)) throw new ApiError(400, 'INVALID_PAGE', { parameter: 'page', value: page?.slice(0, 64) ?? null });
  return { page: p, limit: limitParam(params, limits), sent: page !== null || params.get('limit') !== null };
}

/** `limit`: the endpoint's default when absent, clamped to its maximum; anything but a whole number ≥ 1 is a 400. */
export function limitParam(params: URLSearchParams, limits: PageLimits): number {
  const limit = params.get('limit');
  const l = limit === null ? limits.default : wholeNumber(limit);
  if (!(l >= 1))
    throw new ApiError(400, 'INVALID_LIMIT', {
      parameter: 'limit',
      value: limit?.slice(0, 64) ?? null,
      max: limits.max,
    });
  return Math.min(l, limits.max);
}

/**
 * A value that folds to nothing (`🍅`, `---`): a filter that names nothing, so it matches nothing.
 * Never a slug (slugs are [a-z0-9-] and start with a letter or digit), so no collection has it.
 */
export const NAMES_NOTHING = '-';

/**
 * A filter value as a slug. Missing or blank (`product=`, as an empty form field sends it) → undefined:
 * no filter. A value that folds to nothing → NAMES_NOTHING.
 */
export function slugParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  return slugify(value.slice(0, 200)) || NAMES_NOTHING;
}

/** A slug path parameter, by the filters' rule: folded (`Domates`, `DOMATES` → `domates`); one that folds to nothing is NAMES_NOTHING. */
export function pathSlug(pathParams: Record<string, string>, name = 'slug'): string {
  return slugify((pathParams[name] ?? '').slice(0, 200)) || NAMES_NOTHING;
}

/**
 * Headers the worker adds beside the contract's, each declared in the OpenAPI document
 * (build/openapi/document.ts) from this one list: why an answer is empty (its envelope is a closed object;
 * edge/query/filter-hints.ts), and when an answer is a stale copy or was not counted (edge/worker.ts).
 */
export const NEWEST_DATA_DAY = 'x-newest-data-day';
export const UNKNOWN_FILTERS = 'x-unknown-filters';
export const FILTER_SUGGESTIONS = 'x-filter-suggestions';

export const HINT_HEADERS: Readonly<Record<string, string>> = {
  [NEWEST_DATA_DAY]:
    'The newest data day (YYYY-MM-DD) of the rows the filters select, whatever date, range or page was asked: an empty page of a range says how far back the data ends. Absent when the filters select no row at all.',
  [UNKNOWN_FILTERS]:
    'The filters whose value names no known product, market, city or category, as `name=value` pairs (the value as sent, percent-encoded). Such an answer is empty.',
  [FILTER_SUGGESTIONS]:
    'The known values closest to the unknown ones, as `name=value` pairs (at most 5): `market=izmir` → `city=izmir, market=izmir-sebze-meyve`.',
};

export const STALE_COPY = 'x-stale-copy';
export const UNCOUNTED = 'x-ratelimit-uncounted';

export const STATE_HEADERS: Readonly<Record<string, string>> = {
  [STALE_COPY]:
    'Present when the bucket failed and this is a copy of the same answer the edge kept earlier the same day (stale-if-error, RFC 5861): the moment the copy was taken. Such an answer is not cached (no-store).',
  [UNCOUNTED]:
    'Present when the rate limiter could not be reached: the request was served without being counted (the limiter fails open), and x-ratelimit-remaining shows the whole window.',
};

/**
 * Keyed answers (a valid X-API-Key) carry these instead of x-ratelimit-*: the two roles are kept
 * apart, as the specification asks, so a client never reads a key's daily quota as its address's
 * minute (docs/keyed-access.md).
 */
export const QUOTA_LIMIT = 'x-quota-limit';
export const QUOTA_REMAINING = 'x-quota-remaining';
export const QUOTA_RESET = 'x-quota-reset';
export const API_PLAN = 'x-api-plan';
export const QUOTA_UNCOUNTED = 'x-quota-uncounted';

export const QUOTA_HEADERS: Readonly<Record<string, string>> = {
  [QUOTA_LIMIT]:
    "Keyed requests only (X-API-Key): the key's daily quota, requests per Europe/Istanbul day, from its plan.",
  [QUOTA_REMAINING]: 'Keyed requests only: requests the key has left today.',
  [QUOTA_RESET]: "Keyed requests only: seconds until the key's daily quota starts again (midnight in Europe/Istanbul).",
  [API_PLAN]: "Keyed requests only: the name of the key's plan (free, pro …).",
  [QUOTA_UNCOUNTED]:
    "Keyed requests only, present when the key's quota counter could not be reached: the key was checked and " +
    'the request served without being counted; x-quota-remaining shows the whole day.',
};

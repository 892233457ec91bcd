/**
 * Headers the worker adds beside the contract's, each declared in the OpenAPI document
 * (build/openapi.ts) from this one list: why an answer is empty (its envelope is a closed object;
 * edge/filter-hints.ts), and when an answer is a stale copy or was not counted (edge/worker.ts).
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

/**
 * Freshness is computed at build time from the row's data day, the source's publishing
 * calendar, the approved holidays, the source's condition and the build day (`today`).
 *
 * Missed publishing days: the data days d after the row's day whose list should already have
 * appeared: a publishing weekday, not a full holiday, and d + the source's lag before today.
 * Today is never missed: the list may still appear later in the day, and the nightly build runs
 * in the early morning.
 *
 * History stays immutable: a source's condition (blocked, frozen, failed fetch …) only marks
 * the rows of its latest data day; older rows are classified by their age alone.
 */
import { classByMissedDays, missedPublishingDays, type PublishingCalendar } from '../core/calendar.ts';
import type { Day } from '../core/dates.ts';
import { WARNING_CODES, type FreshnessBlock, type WarningCode } from '../schemas/common.ts';

export { missedPublishingDays, type PublishingCalendar } from '../core/calendar.ts';

export type SourceCondition = 'ok' | 'blocked' | 'unreachable' | 'broken' | 'frozen' | 'paused' | 'last_fetch_failed';

export type SourceFreshnessState = {
  calendar: PublishingCalendar;
  latestDay: Day | null;
  condition: SourceCondition;
};

const CONDITION_WARNING: Partial<Record<SourceCondition, WarningCode>> = {
  blocked: 'source_blocked',
  unreachable: 'source_unreachable',
  broken: 'source_broken',
  last_fetch_failed: 'last_fetch_failed',
};

export type RowFacts = {
  day: Day;
  fromArchive: boolean;
  midpoint: boolean;
  corrected: boolean;
  fetchedAt: string | null;
};

export function classifyRow(row: RowFacts, source: SourceFreshnessState, today: Day): FreshnessBlock {
  const warnings = new Set<WarningCode>();
  const missed = missedPublishingDays(source.calendar, row.day, today);
  const isLatest = row.day === source.latestDay;
  let freshness: FreshnessBlock['freshness'] = classByMissedDays(missed);
  if (freshness === 'delayed') warnings.add('data_delayed');
  if (freshness === 'stale') warnings.add('data_stale');
  if (row.fromArchive) {
    freshness = 'stale';
    warnings.add('static_archive');
  }
  if (isLatest) {
    const conditionWarning = CONDITION_WARNING[source.condition];
    if (source.condition === 'frozen') {
      freshness = 'stale';
      warnings.add('source_frozen');
    } else if (conditionWarning && (source.condition !== 'last_fetch_failed' || missed > 0)) {
      // A failed latest fetch only fails data that is not current any more.
      freshness = 'failed';
      warnings.add(conditionWarning);
    } else if (source.condition === 'paused') {
      warnings.add('collection_paused');
    }
  }
  if (row.midpoint) warnings.add('computed_midpoint');
  if (row.corrected) warnings.add('corrected_value');
  return block(row.day, row.fetchedAt, freshness, warnings);
}

/** A source or market with no recorded data day; its source's condition still says why (a paused source is `collection_paused`). */
export function unavailable(condition: SourceCondition = 'ok'): FreshnessBlock {
  const warnings = new Set<WarningCode>(['no_data']);
  const conditionWarning = condition === 'paused' ? 'collection_paused' : CONDITION_WARNING[condition];
  if (conditionWarning) warnings.add(conditionWarning);
  return block(null, null, 'unavailable', warnings);
}

function block(
  dataDate: Day | null,
  fetchedAt: string | null,
  freshness: FreshnessBlock['freshness'],
  warnings: Set<WarningCode>,
): FreshnessBlock {
  return {
    dataDate,
    fetchedAt,
    isStale: freshness === 'stale' || freshness === 'failed' || freshness === 'unavailable',
    freshness,
    warnings: WARNING_CODES.filter((w) => warnings.has(w)),
  };
}

/** Order used to pick the most current of several classifications. */
export const FRESHNESS_RANK: Record<FreshnessBlock['freshness'], number> = {
  fresh: 0,
  delayed: 1,
  stale: 2,
  failed: 3,
  unavailable: 4,
};

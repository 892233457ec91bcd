/**
 * A source's status and health, derived from the history of its runs and its data (pure):
 *
 * status (what we know of the source):
 *   blocked       the latest run was refused (HTTP 401/403/429): access denied, stop retrying
 *   broken        the latest run met a layout the parser does not know: parsing stopped (the
 *                 reason quotes the run's message: the document and what the parser found)
 *   unreachable   the latest two runs (or more) failed on the network or with 5xx
 *   frozen        the source repeats its list (see store/bulletins.ts)
 *   verified      a real document proved the parser (the registry says so, or a live run added rows)
 *   unverified    otherwise: built from the description, not yet proven
 * A run the source answered readably (ok, unchanged, no_bulletin) clears blocked, broken and
 * unreachable. One network failure alone is `last_fetch_failed`, not yet unreachable.
 *
 * health (what a user should make of it):
 *   off      collection disabled in the registry
 *   failed   blocked, broken or unreachable
 *   warning  frozen; more than 2 publishing days behind; no data at all; or the latest fetch failed
 *   delayed  1 or 2 publishing days behind
 *   healthy  current data and nothing to report
 */
import type { Day } from '../core/dates.ts';
import { DELAYED_TOLERANCE_DAYS } from '../core/calendar.ts';
import { missedPublishingDays, type PublishingCalendar, type SourceCondition } from './freshness.ts';

export type Run = {
  started_at: string;
  finished_at: string | null;
  outcome: string;
  observations: number;
  scheduled: number;
  message?: string | null;
};
type SourceStatus = 'unverified' | 'verified' | 'blocked' | 'unreachable' | 'broken' | 'frozen';
type SourceHealth = 'healthy' | 'delayed' | 'warning' | 'failed' | 'off';

const HEALTH_LABELS: Record<SourceHealth, string> = {
  healthy: 'Sağlıklı',
  delayed: 'Gecikmeli',
  warning: 'Uyarı',
  failed: 'Hata',
  off: 'Kapalı',
};
const READABLE = new Set(['ok', 'unchanged', 'no_bulletin']);

export type SourceFacts = {
  enabled: boolean;
  verification: 'verified' | 'unverified';
  /** runs oldest first */
  runs: Run[];
  frozen: boolean;
  latestDay: Day | null;
  calendar: PublishingCalendar;
  today: Day;
};

export type SourceState = {
  status: SourceStatus;
  condition: SourceCondition;
  health: SourceHealth;
  healthLabel: string;
  reasons: string[];
  lastSuccessAt: string | null;
  publishingDaysBehind: number | null;
};

export function deriveSourceState(f: SourceFacts): SourceState {
  const last = f.runs[f.runs.length - 1];
  const failuresInRow = (() => {
    let n = 0;
    for (let i = f.runs.length - 1; i >= 0 && f.runs[i]!.outcome === 'unreachable'; i--) n++;
    return n;
  })();
  const proven = f.verification === 'verified' || f.runs.some((r) => r.outcome === 'ok' && r.observations > 0);
  let status: SourceStatus = proven ? 'verified' : 'unverified';
  let condition: SourceCondition = 'ok';
  if (last?.outcome === 'blocked' || last?.outcome === 'broken') {
    status = last.outcome;
    condition = last.outcome;
  } else if (failuresInRow >= 2) {
    status = 'unreachable';
    condition = 'unreachable';
  } else if (failuresInRow === 1) {
    condition = 'last_fetch_failed';
  } else if (f.frozen) {
    status = 'frozen';
    condition = 'frozen';
  }
  if (!f.enabled) condition = 'paused';

  const behind = f.latestDay ? missedPublishingDays(f.calendar, f.latestDay, f.today) : null;
  const reasons: string[] = [];
  if (!f.enabled) reasons.push('Otomatik toplama kapalı.');
  if (status === 'blocked') reasons.push('Kaynak erişimi reddediyor (HTTP engeli); otomatik toplama durdu.');
  if (status === 'broken') reasons.push(brokenReason(last!.message));
  if (status === 'unreachable') reasons.push(`Kaynağa ulaşılamıyor (art arda ${failuresInRow} deneme).`);
  if (condition === 'last_fetch_failed') reasons.push('Son toplama denemesi başarısız oldu.');
  if (status === 'frozen') reasons.push('Kaynak aynı listeyi tekrarlıyor; yeni liste sayılmıyor.');
  if (status === 'unverified') reasons.push('Ayrıştırıcı henüz gerçek bir belgeyle doğrulanmadı.');
  if (behind === null) reasons.push('Kayıtlı veri günü yok.');
  else if (behind > 0) reasons.push(`Son veri günü ${f.latestDay}: ${behind} yayın günü geride.`);
  if (f.enabled && f.runs.length === 0) reasons.push('Bu kurulumda canlı toplama henüz çalışmadı.');

  let health: SourceHealth;
  if (!f.enabled) health = 'off';
  else if (status === 'blocked' || status === 'broken' || status === 'unreachable') health = 'failed';
  else if (
    status === 'frozen' ||
    behind === null ||
    behind > DELAYED_TOLERANCE_DAYS ||
    condition === 'last_fetch_failed'
  )
    health = 'warning';
  else if (behind > 0) health = 'delayed';
  else health = 'healthy';

  const lastSuccess = [...f.runs].reverse().find((r) => READABLE.has(r.outcome));
  return {
    status,
    condition,
    health,
    healthLabel: HEALTH_LABELS[health],
    reasons,
    lastSuccessAt: lastSuccess?.finished_at ?? null,
    publishingDaysBehind: behind,
  };
}

/** Long enough for a file name and what the parser found instead of the layout it knows. */
const REASON_DETAIL = 300;

function brokenReason(message: string | null | undefined): string {
  const base = 'Kaynağın sayfa düzeni değişti; ayrıştırma durdu';
  if (!message) return `${base}.`;
  return `${base}: ${message.length > REASON_DETAIL ? `${message.slice(0, REASON_DETAIL - 1)}…` : message}`;
}

/** /health, computed with the build (see schemas/health.ts for the rule). */
import { HEALTH_PATH } from '../../core/objects.ts';
import { classByMissedDays, DELAYED_TOLERANCE_DAYS } from '../../core/calendar.ts';
import { HealthResponse, type HealthResponseT } from '../../schemas/health.ts';
import { defaultAttribution, type Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';

export function buildHealth(
  model: Model,
  build: { id: string; builtAt: string; newestDataDay: string | null; synthetic: boolean },
): HealthResponseT {
  const enabled = [...model.sources.values()].filter((s) => s.enabled);
  const behind = enabled
    .map((s) => {
      const missed = s.derived.publishingDaysBehind;
      const freshness = missed === null ? 'unavailable' : classByMissedDays(missed);
      return {
        key: s.key,
        name: s.name,
        lastDataDate: s.state.latestDay,
        publishingDaysBehind: missed,
        freshness: freshness as HealthResponseT['behind'][number]['freshness'],
      };
    })
    .filter((s) => s.publishingDaysBehind === null || s.publishingDaysBehind > DELAYED_TOLERANCE_DAYS);
  const reasons = [
    ...(build.synthetic ? ['Sentetik veri modu: yayımlanan fiyatlar gerçek değil (kıyaslama verisi).'] : []),
    ...behind.map((b) =>
      b.lastDataDate === null
        ? `${b.name}: kayıtlı veri günü yok.`
        : `${b.name}: son veri günü ${b.lastDataDate}, ${b.publishingDaysBehind} yayın günü geride.`,
    ),
  ];
  return HealthResponse.parse({
    status: reasons.length ? 'degraded' : 'ok',
    synthetic: build.synthetic,
    build: { id: build.id, builtAt: build.builtAt, today: model.today, newestDataDay: build.newestDataDay },
    sources: { total: model.sources.size, enabled: enabled.length, behind: behind.length },
    behind,
    reasons,
    attribution: defaultAttribution(model),
  });
}

export function writeHealth(
  model: Model,
  writer: OutputWriter,
  build: Parameters<typeof buildHealth>[1],
): HealthResponseT {
  const health = buildHealth(model, build);
  writer.writeJson(HEALTH_PATH, health);
  return health;
}

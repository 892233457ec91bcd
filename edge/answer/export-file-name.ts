/**
 * The name of a /prices/export file says what is in it, so a downloads folder tells files apart:
 * `hal-fiyatlari`, the filters (product, market, city, category, in that order), then the day
 * asked for (`date`) or the period (`son-<n>-gun` for range), `en-son` for latest=1, then the day
 * of the export whenever the content depends on it (no `date`), and `_tr` for locale=tr.
 * Slugs and days are ASCII, so a plain quoted filename needs no RFC 6266 `filename*`.
 * hal-fiyatlari_domates_izmir-sebze-meyve_2026-07-23_tr.csv, hal-fiyatlari_domates_son-3650-gun_2026-11-21.csv
 */
import type { Day } from '../../core/dates.ts';

export type ExportSelection = {
  filters: { product?: string; market?: string; city?: string; category?: string };
  date?: Day;
  range?: number;
  latest: boolean;
  turkish: boolean;
  today: Day;
};

/** A slug is at most 200 characters long; a name stays well under the 255 bytes file systems take. */
const MAX_SLUG = 40;

export function exportFileName(s: ExportSelection): string {
  const { product, market, city, category } = s.filters;
  const parts = [
    'hal-fiyatlari',
    ...[product, market, city, category].filter((v) => v !== undefined).map((v) => v.slice(0, MAX_SLUG)),
    s.date ?? (s.range !== undefined ? `son-${s.range}-gun` : undefined),
    s.latest ? 'en-son' : undefined,
    s.date ? undefined : s.today,
    s.turkish ? 'tr' : undefined,
  ];
  return `${parts.filter((p) => p !== undefined).join('_')}.csv`;
}

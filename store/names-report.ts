/** How each source's printed names are linked to the catalogue: counts by method, and every unmatched name with its rows. */
import type { Db } from './db.ts';

export type NamesReport = {
  source: string;
  names: number;
  rows: number;
  byMethod: Record<string, { names: number; rows: number }>;
  /** share of printed names linked without a reviewed alias (exact or trigram) */
  automaticShare: number;
  unmatched: { rawName: string; unit: string; rows: number }[];
};

export function namesReport(db: Db): NamesReport[] {
  const rows = db
    .prepare(`SELECT source_key AS source, coalesce(method, 'unmatched') AS method, raw_name AS rawName, unit, row_count AS rows
              FROM source_names ORDER BY source_key, row_count DESC, raw_name`)
    .all() as { source: string; method: string; rawName: string; unit: string; rows: number }[];
  const reports = new Map<string, NamesReport>();
  for (const r of rows) {
    let report = reports.get(r.source);
    if (!report)
      reports.set(
        r.source,
        (report = { source: r.source, names: 0, rows: 0, byMethod: {}, automaticShare: 0, unmatched: [] }),
      );
    report.names++;
    report.rows += r.rows;
    const m = (report.byMethod[r.method] ??= { names: 0, rows: 0 });
    m.names++;
    m.rows += r.rows;
    if (r.method === 'unmatched') report.unmatched.push({ rawName: r.rawName, unit: r.unit, rows: r.rows });
  }
  for (const report of reports.values()) {
    const automatic = (report.byMethod.exact?.names ?? 0) + (report.byMethod.trigram?.names ?? 0);
    report.automaticShare = report.names ? Math.round((automatic / report.names) * 1000) / 1000 : 0;
  }
  return [...reports.values()];
}

export function formatNamesReport(reports: NamesReport[], showUnmatched = 10): string[] {
  const lines: string[] = [];
  for (const r of reports) {
    const methods = Object.entries(r.byMethod)
      .map(([m, c]) => `${m} ${c.names}`)
      .join(', ');
    lines.push(
      `  ${r.source}: ${r.names} printed names (${methods}); ${(r.automaticShare * 100).toFixed(1)} % linked automatically; ${r.unmatched.length} unmatched`,
    );
    for (const u of r.unmatched.slice(0, showUnmatched))
      lines.push(`      unmatched: ${JSON.stringify(u.rawName)} (${u.unit}) — ${u.rows} rows`);
    if (r.unmatched.length > showUnmatched)
      lines.push(`      … and ${r.unmatched.length - showUnmatched} more (npm run names)`);
  }
  return lines;
}

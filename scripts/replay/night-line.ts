/**
 * What a replayed night printed: one line of figures (documents fetched, observations added,
 * objects sent, bucket operations, build seconds, what moved in /sources/status, alerts mailed,
 * forecasts published), read from the nightly's report and from what the worker serves after it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NightReport } from '../nightly/night.ts';

/** A source as /sources/status shows it: `status/freshness`. */
export type SourceStates = Map<string, string>;

export type NightFigures = {
  night: string;
  documents: number;
  observations: number;
  objectsSent: number;
  operations: number;
  buildSeconds: number;
  nightSeconds: number;
  /** `adana fresh→delayed`, for each source whose state moved */
  moved: string[];
  mailed: number;
  forecasts: number;
  failed: string[];
  faults: string[];
};

export function statesOf(status: { items: { key: string; enabled: boolean; status: string; freshness: string }[] }) {
  return new Map(status.items.filter((i) => i.enabled).map((i) => [i.key, `${i.status}/${i.freshness}`]));
}

export function moved(before: SourceStates, after: SourceStates): string[] {
  return [...after]
    .filter(([key, state]) => before.get(key) !== state)
    .map(([key, state]) => `${key} ${before.get(key) ?? '—'}→${state}`);
}

/** The forecasts the build at `outDir` published (refusals are objects too, under refused/). */
export function forecastsIn(outDir: string): number {
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as {
    objects: Record<string, unknown>;
  };
  return Object.keys(manifest.objects).filter((p) => /^api\/v1\/prices\/forecast\/[^/]+\.json$/.test(p)).length;
}

export function figuresOf(
  night: string,
  report: NightReport,
  seen: { moved: string[]; mailed: number; forecasts: number; nightMs: number; faults: string[] },
): NightFigures {
  const ops = Object.values(report.operations).reduce((n, k) => n + k, 0);
  return {
    night,
    documents: report.scraped?.reduce((n, r) => n + r.documents, 0) ?? 0,
    observations: (report.scraped?.reduce((n, r) => n + r.observations, 0) ?? 0) + (report.imported?.observations ?? 0),
    objectsSent: report.published?.put ?? 0,
    operations: ops,
    buildSeconds: (report.build?.ms ?? 0) / 1000,
    nightSeconds: seen.nightMs / 1000,
    moved: seen.moved,
    mailed: seen.mailed,
    forecasts: seen.forecasts,
    failed: report.phases.filter((p) => p.failed).map((p) => `${p.name}: ${p.failed}`),
    faults: seen.faults,
  };
}

export function nightLine(f: NightFigures): string {
  const parts = [
    f.night,
    `${f.documents} documents`,
    `+${f.observations} observations`,
    `${f.objectsSent} objects sent`,
    `${f.operations} bucket operations`,
    `build ${f.buildSeconds.toFixed(1)} s`,
    `night ${f.nightSeconds.toFixed(1)} s`,
    `${f.mailed} alerts mailed`,
    `${f.forecasts} forecasts`,
    `status: ${f.moved.length ? f.moved.join(', ') : 'unchanged'}`,
  ];
  if (f.faults.length) parts.push(`faults: ${f.faults.join(', ')}`);
  if (f.failed.length) parts.push(`FAILED ${f.failed.join('; ')}`);
  return parts.join(' · ');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Min / median / max of each figure over the nights, and the totals. */
export function summaryLines(nights: readonly NightFigures[]): string[] {
  const columns: [string, (f: NightFigures) => number, number][] = [
    ['documents fetched', (f) => f.documents, 0],
    ['observations added', (f) => f.observations, 0],
    ['objects sent', (f) => f.objectsSent, 0],
    ['bucket operations', (f) => f.operations, 0],
    ['build seconds', (f) => f.buildSeconds, 1],
    ['night seconds', (f) => f.nightSeconds, 1],
    ['alerts mailed', (f) => f.mailed, 0],
    ['forecasts published', (f) => f.forecasts, 0],
  ];
  return columns.map(([name, of, digits]) => {
    const values = nights.map(of);
    const text = (n: number) => n.toFixed(digits);
    return `${name.padEnd(20)} min ${text(Math.min(...values))} · median ${text(median(values))} · max ${text(Math.max(...values))} · total ${text(values.reduce((a, b) => a + b, 0))}`;
  });
}

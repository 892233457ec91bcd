/**
 * The weekly basket index series as the build computes and publishes them (build/endpoints/basket-index.ts):
 * the build's writer is asked for them into memory, so the snapshot's values are the API's values.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { writeIndexes } from '../../build/endpoints/basket-index.ts';
import type { Model } from '../../build/model.ts';
import { OutputWriter } from '../../build/writer.ts';
import { isoWeek } from '../../core/dates.ts';
import type { ManifestEntry } from '../../core/publication.ts';

type Series = {
  slug: string;
  name: string;
  scope: string;
  values: { week_start: string; value: number; member_count: number }[];
  real_values: { week_start: string; value: number }[];
};

/** Keeps each published series object instead of writing it. */
class SeriesWriter extends OutputWriter {
  readonly series: Series[] = [];
  override writeJson(path: string, value: unknown): ManifestEntry {
    if (path.includes('/index/series/')) this.series.push(value as Series);
    return { etag: '""', bytes: 0, type: 'application/json' };
  }
}

export function* indexRows(db: Database.Database, model: Model): Generator<unknown[]> {
  const root = mkdtempSync(join(tmpdir(), 'hal-index-'));
  try {
    const writer = new SeriesWriter(root);
    writeIndexes(db, model, writer);
    for (const series of writer.series.sort((a, b) => (a.slug < b.slug ? -1 : 1))) {
      const real = new Map(series.real_values.map((r) => [r.week_start, r.value]));
      for (const v of series.values) {
        const week = isoWeek(v.week_start);
        yield [
          series.slug,
          series.name,
          series.scope,
          week.week,
          week.weekStart,
          week.weekEnd,
          v.value,
          real.get(v.week_start) ?? null,
          v.member_count,
        ];
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

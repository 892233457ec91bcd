/** Writes the registry (sources, markets) and the catalogue into the store; data files win. */
import { slugify } from '../core/turkish.ts';
import type { Catalogue } from '../sources/catalogue.ts';
import type { SourceDefinition } from '../sources/types.ts';
import type { Db } from './db.ts';
import { readHolidays, type Holiday } from './holidays.ts';

export function seedRegistry(db: Db, sources: readonly SourceDefinition[]): void {
  const upsertSource = db.prepare(`
    INSERT INTO sources (key, number, name, organisation, kind, url, method, licence, attribution, publishing_days,
                         publish_window, data_lag_days, enabled, verification, note)
    VALUES (@key, @number, @name, @organisation, @kind, @url, @method, @licence, @attribution, @publishingDays,
            @publishWindow, @dataLagDays, @enabled, @verification, @note)
    ON CONFLICT(key) DO UPDATE SET number = excluded.number, name = excluded.name, organisation = excluded.organisation,
      kind = excluded.kind, url = excluded.url, method = excluded.method, licence = excluded.licence,
      attribution = excluded.attribution, publishing_days = excluded.publishing_days, publish_window = excluded.publish_window,
      data_lag_days = excluded.data_lag_days, enabled = excluded.enabled, verification = excluded.verification, note = excluded.note`);
  const upsertMarket = db.prepare(`
    INSERT INTO markets (slug, source_key, name, province, province_slug, district, kind)
    VALUES (@slug, @source, @name, @province, @provinceSlug, @district, @kind)
    ON CONFLICT(slug) DO UPDATE SET source_key = excluded.source_key, name = excluded.name, province = excluded.province,
      province_slug = excluded.province_slug, district = excluded.district, kind = excluded.kind`);
  db.transaction(() => {
    for (const s of sources) {
      upsertSource.run({ ...s, publishingDays: s.publishingDays.join(','), enabled: s.enabled ? 1 : 0 });
      for (const m of s.markets) upsertMarket.run({ ...m, source: s.key, provinceSlug: slugify(m.province) });
    }
  })();
}

export function seedCatalogue(db: Db, catalogue: Catalogue): void {
  db.transaction(() => {
    const category = db.prepare(
      'INSERT INTO categories (slug, name) VALUES (?, ?) ON CONFLICT(slug) DO UPDATE SET name = excluded.name',
    );
    for (const c of catalogue.categories) category.run(c.slug, c.name);
    const product = db.prepare(`INSERT INTO products (slug, name, category_slug) VALUES (?, ?, ?)
      ON CONFLICT(slug) DO UPDATE SET name = excluded.name, category_slug = excluded.category_slug`);
    for (const p of catalogue.products) product.run(p.slug, p.name, p.category);
    const variant = db.prepare(`INSERT INTO variants (slug, product_slug, name, unit) VALUES (?, ?, ?, ?)
      ON CONFLICT(slug) DO UPDATE SET product_slug = excluded.product_slug, name = excluded.name, unit = excluded.unit`);
    for (const v of catalogue.variants) variant.run(v.slug, v.product, v.name, v.unit);
  })();
}

/**
 * Re-resolves every link against the current catalogue, so a catalogue edit (a new variant,
 * alias or manual link) takes effect on the next build. Manual links live in the alias files
 * too (method `manual`), so they survive re-resolution.
 */
export function relinkNames(db: Db, catalogue: Catalogue): { relinked: number } {
  const names = db.prepare(`SELECT id, source_key, raw_name, unit, variant_slug, method FROM source_names`).all() as {
    id: number;
    source_key: string;
    raw_name: string;
    unit: string;
    variant_slug: string | null;
    method: string | null;
  }[];
  const update = db.prepare(
    'UPDATE source_names SET variant_slug = ?, method = ?, confidence = ?, reviewed_at = ? WHERE id = ?',
  );
  let relinked = 0;
  db.transaction(() => {
    for (const n of names) {
      const m = catalogue.match(n.source_key, n.raw_name, n.unit);
      if ((m?.variant ?? null) !== n.variant_slug || (m?.method ?? null) !== n.method) {
        update.run(m?.variant ?? null, m?.method ?? null, m?.confidence ?? null, m?.reviewedAt ?? null, n.id);
        relinked++;
      }
    }
  })();
  return { relinked };
}

/** The approved holiday calendar (data/calendar/holidays-tr.csv) into the store. */
export function seedHolidays(db: Db, holidays: Holiday[] = readHolidays()): number {
  db.transaction(() => {
    db.exec('DELETE FROM holidays');
    const insert = db.prepare('INSERT INTO holidays (day, name, kind, half_day) VALUES (?, ?, ?, ?)');
    for (const h of holidays) insert.run(h.day, h.name, h.kind, h.halfDay ? 1 : 0);
  })();
  return holidays.length;
}

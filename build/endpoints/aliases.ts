/** /products/{slug}/aliases: every printed name linked to a variant, or to any variant of a product family. */
import { aliasesPath } from '../../core/objects.ts';
import { apiUrl } from '../../core/urls.ts';
import { AliasResponse } from '../../schemas/search.ts';
import type { Db } from '../../store/db.ts';
import { attributionOf, defaultAttribution, type Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';
import { productionUrl } from './production.ts';

const ALIAS_NOTE =
  'Kaynakların bu ürün için yazdığı adlar. method: exact (katlanmış ad eşit), trigram (benzerlik ≥ 0,6; confidence benzerliktir, karar değil), seed (gözden geçirilmiş eşleme), manual (yönetici eşlemesi).';

type NameRow = {
  source: string;
  raw_name: string;
  match_key: string;
  unit: string;
  method: 'exact' | 'trigram' | 'manual' | 'seed' | null;
  confidence: number | null;
  reviewed_at: string | null;
  variant: string;
};

/** `withProduction`: the families with production rows; a variant's page links to its family's. */
export function writeAliases(db: Db, model: Model, withProduction: ReadonlySet<string>, writer: OutputWriter): number {
  const names = db
    .prepare(`SELECT source_key AS source, raw_name, match_key, unit, method, confidence, reviewed_at, variant_slug AS variant
              FROM source_names WHERE variant_slug IS NOT NULL ORDER BY source_key, match_key, unit`)
    .all() as NameRow[];
  const byVariant = new Map<string, NameRow[]>();
  for (const n of names) byVariant.set(n.variant, [...(byVariant.get(n.variant) ?? []), n]);
  const item = (n: NameRow) => ({ ...n, source_name: model.sources.get(n.source)!.name });
  const write = (slug: string, name: string, category: string, family: string, rows: NameRow[]) => {
    const sources = new Set(rows.map((r) => r.source));
    const body = AliasResponse.parse({
      product: {
        slug,
        name,
        category,
        url: apiUrl('/prices', { product: slug }),
        production_url: withProduction.has(family) ? productionUrl(family) : null,
      },
      items: rows.map((r) => {
        const { source, source_name, raw_name, match_key, unit, method, confidence, reviewed_at, variant } = item(r);
        return { source, source_name, raw_name, match_key, unit, method, confidence, reviewed_at, variant };
      }),
      meta: { count: rows.length, note: ALIAS_NOTE },
      attribution: sources.size ? attributionOf(model, sources) : defaultAttribution(model),
    });
    writer.writeJson(aliasesPath(slug), body);
  };
  let files = 0;
  for (const v of model.variants.values()) {
    write(v.slug, v.name, v.category, v.product, byVariant.get(v.slug) ?? []);
    files++;
  }
  for (const p of model.products.values()) {
    const rows = [...model.variants.values()]
      .filter((v) => v.product === p.slug)
      .flatMap((v) => byVariant.get(v.slug) ?? []);
    write(p.slug, p.name, p.category, p.slug, rows);
    files++;
  }
  return files;
}

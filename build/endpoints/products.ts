/**
 * /products: every catalogue variant with its latest national indicator, as a list collection
 * (one for all, one per category) that the edge pages through.
 */
import { apiUrl } from '../../core/urls.ts';
import { ProductItem } from '../../schemas/products.ts';
import { unavailable } from '../freshness.ts';
import { writeListCollection } from '../collections.ts';
import { attributionOf, defaultAttribution, type Model } from '../model.ts';
import type { NationalIndicator } from '../national.ts';
import type { OutputWriter } from '../writer.ts';
import { productionUrl } from './production.ts';

/** `withProduction`: the families with production rows, whose items link to them. */
export function writeProducts(
  model: Model,
  indicators: Map<string, NationalIndicator>,
  withProduction: ReadonlySet<string>,
  writer: OutputWriter,
): number {
  const lines = new Map<string, string[]>([['all', []]]);
  const sources = new Map<string, Set<string>>([['all', new Set()]]);
  for (const v of model.variants.values()) {
    const n = indicators.get(v.slug);
    const item = ProductItem.parse({
      slug: v.slug,
      name: v.name,
      category: v.category,
      unit: v.unit,
      observed_date: n?.observedDate ?? null,
      product: v.product,
      median: n?.median ?? null,
      market_count: n?.marketCount ?? 0,
      url: apiUrl('/prices', { product: v.slug }),
      production_url: withProduction.has(v.product) ? productionUrl(v.product) : null,
      ...(n?.freshness ?? unavailable()),
    });
    const json = JSON.stringify(item);
    for (const key of ['all', `category/${v.category}`]) {
      if (!lines.has(key)) lines.set(key, []);
      if (!sources.has(key)) sources.set(key, new Set());
      lines.get(key)!.push(json);
      for (const s of n?.sources ?? []) sources.get(key)!.add(s);
    }
  }
  for (const [key, group] of lines) {
    const category = key.startsWith('category/') ? key.slice('category/'.length) : null;
    const attribution = sources.get(key)!.size ? attributionOf(model, sources.get(key)!) : defaultAttribution(model);
    writeListCollection(writer, 'products', key, group, { category, city: null }, attribution);
  }
  return model.variants.size;
}

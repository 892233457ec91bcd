/**
 * What an alert may name, read from the published build: a variant with a national indicator
 * (`/prices/latest` items) and a market (`/markets`). An alert on anything else could never fire.
 */
import { LATEST_PATH, MARKETS_PATH } from '../../core/objects.ts';
import type { Origin } from '../origin/object.ts';

export type Product = { slug: string; name: string; unit: string };
export type Market = { slug: string; name: string };

async function itemsOf<T>(origin: Origin, key: string): Promise<T[]> {
  const object = await origin.get(key);
  if (!object) throw new Error(`${key} is missing from the published build`);
  return (JSON.parse(await object.text()) as { items: T[] }).items;
}

export async function findProduct(origin: Origin, slug: string): Promise<Product | null> {
  const items = await itemsOf<Product>(origin, LATEST_PATH);
  const item = items.find((i) => i.slug === slug);
  return item ? { slug: item.slug, name: item.name, unit: item.unit } : null;
}

export async function findMarket(origin: Origin, slug: string): Promise<Market | null> {
  const items = await itemsOf<Market>(origin, MARKETS_PATH);
  const item = items.find((i) => i.slug === slug);
  return item ? { slug: item.slug, name: item.name } : null;
}

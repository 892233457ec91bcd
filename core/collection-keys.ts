/**
 * Filter sets → collection keys, shared by the build (which precomputes every key) and the
 * edge (which maps a request's filters to one key). Dimensions in canonical order: product
 * (variant slug or product family slug), then market or city, then category. Filters implied
 * by another are dropped by the edge and checked against the collection's scope instead:
 * category when a product is given, city when a market is given.
 */
export type PriceFilters = { product?: string; market?: string; city?: string; category?: string };

export type RowDimensions = { variant: string; product: string; market: string; city: string; category: string };

export function priceCollectionKeys(r: RowDimensions): string[] {
  return [
    'all',
    `product/${r.variant}`,
    `product/${r.product}`,
    `market/${r.market}`,
    `city/${r.city}`,
    `category/${r.category}`,
    `product/${r.variant}/market/${r.market}`,
    `product/${r.product}/market/${r.market}`,
    `product/${r.variant}/city/${r.city}`,
    `product/${r.product}/city/${r.city}`,
    `market/${r.market}/category/${r.category}`,
    `city/${r.city}/category/${r.category}`,
  ];
}

/** The key a request reads, and the implied filters to check against that collection's scope. */
export function priceCollectionKey(f: PriceFilters): { key: string; checkCategory?: string; checkCity?: string } {
  const parts: string[] = [];
  if (f.product) parts.push('product', f.product);
  if (f.market) parts.push('market', f.market);
  else if (f.city) parts.push('city', f.city);
  if (f.category && !f.product) parts.push('category', f.category);
  return {
    key: parts.length ? parts.join('/') : 'all',
    ...(f.product && f.category ? { checkCategory: f.category } : {}),
    ...(f.market && f.city ? { checkCity: f.city } : {}),
  };
}

export function collectionIndexPath(kind: 'prices' | 'products' | 'history', key: string): string {
  return `api/v1/_c/${kind}/${key}.json`;
}

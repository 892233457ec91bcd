/** The compatibility prefix's /prices/export: the variant's CSV header, exactly, in its order. */
export const COMPAT_EXPORT_COLUMNS = [
  'market_name',
  'product_name',
  'min_price',
  'max_price',
  'avg_price',
  'unit',
  'price_date',
] as const;

/** The URLs printed when the local API is ready. */
export function printTryUrls(base: URL): void {
  const root = base.origin;
  const paths = [
    '/api/v1/markets',
    '/api/v1/prices?product=domates&limit=5',
    '/api/v1/prices?city=izmir&category=meyve&date=2026-07-23',
    '/api/v1/prices?product=biber-sivri&range=3650d&page=2&limit=20',
    '/api/v1/prices/latest?category=sebze',
    '/api/v1/prices/history/domates-salkim?range=3650d&bucket=monthly',
    '/api/v1/prices/export?product=domates&date=2026-07-23&locale=tr',
    '/api/v1/products/search?q=salkım',
    '/api/v1/products?page=1&limit=20',
    '/api/v1/sources/status',
    '/api/v1/health',
    '/api/v1/openapi.json',
    '/api/v1/index/latest',
    '/data-health',
    '/api-policy',
    '/widgets',
  ];
  console.log(`\nhal-api is serving at ${root}/api/v1 (edge worker in workerd). Try:`);
  for (const p of paths) console.log(`  ${root}${p}`);
  console.log("Follow a row's observationUrl to see the document it was read from.");
  console.log('Price alerts (POST /api/v1/alerts, docs/alerts.md): their mails are printed here. Ctrl+C stops.');
}

/** The URLs printed when the local API is ready. */
import { API_BASE, apiUrl } from '../../core/urls.ts';

export function printTryUrls(base: URL): void {
  const root = base.origin;
  const paths = [
    apiUrl('/markets'),
    apiUrl('/prices', { product: 'domates', limit: 5 }),
    apiUrl('/prices', { city: 'izmir', category: 'meyve', date: '2026-07-23' }),
    apiUrl('/prices', { product: 'biber-sivri', range: '3650d', page: 2, limit: 20 }),
    apiUrl('/prices/latest', { category: 'sebze' }),
    apiUrl('/prices/history/{slug}', { slug: 'domates-salkim', range: '3650d', bucket: 'monthly' }),
    apiUrl('/prices/export', { product: 'domates', date: '2026-07-23', locale: 'tr' }),
    apiUrl('/products/search', { q: 'salkım' }),
    apiUrl('/products', { page: 1, limit: 20 }),
    apiUrl('/sources/status'),
    apiUrl('/health'),
    apiUrl('/openapi.json'),
    apiUrl('/index/latest'),
    '/data-health',
    '/api-policy',
    '/widgets',
  ];
  console.log(`\nhal-api is serving at ${root}${API_BASE} (edge worker in workerd). Try:`);
  for (const p of paths) console.log(`  ${root}${p}`);
  console.log("Follow a row's observationUrl to see the document it was read from.");
  console.log('Price alerts (POST /api/v1/alerts, docs/alerts.md): their mails are printed here. Ctrl+C stops.');
}

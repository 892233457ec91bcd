/**
 * The widget pages at the edge, in workerd over the real build: one view is one response with
 * its data in it; widget views are counted apart from the API's per-IP limit; past their own
 * limit, or without their data, they answer a Turkish page with a retry link, never JSON.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LATEST_NOTE } from '../../core/latest-note.ts';
import { WIDGET_RATE_LIMIT } from '../../core/routes.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { distText } from '../support/dist-file.ts';
import { clientOf, sharedWorker, startOwnWorker } from '../support/worker.ts';

const worker = sharedWorker();

describe('widget pages and the API limit', () => {
  it('widget views do not spend the API allowance of their IP', async () => {
    const get = clientOf(worker, '198.51.101');
    expect((await get('/api/v1/markets')).headers.get('x-ratelimit-remaining')).toBe('59');
    for (let i = 0; i < 30; i++) {
      const view = await get(i % 2 ? '/widgets/index' : '/widgets/prices?limit=3');
      expect(view.status).toBe(200);
      expect(view.headers.get('x-ratelimit-limit')).toBe(String(WIDGET_RATE_LIMIT.requests));
      expect(view.headers.get('x-ratelimit-remaining')).toBe(String(WIDGET_RATE_LIMIT.requests - 1 - i));
    }
    const api = await get('/api/v1/markets');
    expect(api.headers.get('x-ratelimit-limit')).toBe('60');
    expect(api.headers.get('x-ratelimit-remaining')).toBe('58');
  });

  it(`past ${WIDGET_RATE_LIMIT.requests} views a minute the page is Turkish HTML with a retry link (429, Retry-After, no-store); the API still answers`, async () => {
    const get = clientOf(worker, '198.51.102');
    const path = '/widgets/index?theme=dark';
    for (let i = 0; i < WIDGET_RATE_LIMIT.requests; i += 50) {
      const views = await Promise.all(Array.from({ length: 50 }, () => get(path)));
      expect(views.map((v) => v.status)).toEqual(Array(50).fill(200));
    }
    const limited = await get(path);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.text).toMatch(/^<!doctype html>/);
    expect(limited.text).toContain('<html lang="tr" data-theme="dark">');
    expect(limited.text).toContain('data-state="error"');
    expect(limited.text).toContain(
      'Endeks şu an yüklenemedi: bu ağdan çok sayıda istek geldi. Lütfen bir dakika sonra yeniden deneyin.',
    );
    expect(limited.text).toContain('<a class="retry" href="/widgets/index?theme=dark">Yeniden dene</a>');
    expect(limited.text).not.toContain('RATE_LIMITED');
    const api = await get('/api/v1/index/latest');
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('/api-policy states the widget rule and why', async () => {
    const policy = (await clientOf(worker, '198.51.107')('/api-policy')).text;
    expect(policy).toContain(`IP adresi başına dakikada <strong>${WIDGET_RATE_LIMIT.requests} görüntüleme</strong>`);
    expect(policy).toContain('carrier NAT');
    expect(policy).toContain('bir görüntüleme tek bir istektir');
    expect(policy).toContain("CDN'de 15 dakika saklanır");
  });
});

describe('a widget page without its data', () => {
  let failing: LocalWorker;
  beforeAll(async () => {
    const dist = distOrigin(inject('distDir'));
    failing = await startOwnWorker({
      distDir: inject('distDir'),
      origin: async (request) =>
        new URL(request.url).pathname.startsWith('/api/v1/prices/latest')
          ? new Response('bucket error', { status: 500 })
          : dist(request),
    });
  });
  afterAll(async () => failing?.dispose());

  it('is a Turkish page with a retry link (503, no-store), never JSON or an endless spinner; the API answers its JSON error', async () => {
    const get = clientOf(failing, '198.51.103');
    const page = await get('/widgets/prices?slugs=domates&theme=light');
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('data-state="error"');
    expect(page.text).toContain('Fiyatlar şu an yüklenemedi. Lütfen biraz sonra yeniden deneyin.');
    expect(page.text).toContain(
      '<a class="retry" href="/widgets/prices?slugs=domates&amp;theme=light">Yeniden dene</a>',
    );
    expect(page.text).not.toMatch(/yükleniyor|INTERNAL_ERROR|ORIGIN_UNAVAILABLE/);
    expect((await get('/widgets/index')).status).toBe(200);
    const api = await get('/api/v1/prices/latest');
    expect(api.status).toBe(500);
    expect(api.json().code).toBe('ORIGIN_UNAVAILABLE');
  });
});

describe('what the price is', () => {
  /** The market names behind each latest item, from the rows the build exported beside it. */
  const marketsOf = (slug: string) =>
    distText(inject('distDir'), 'api/v1/_meta/latest-rows.ndjson')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { productSlug: string; marketName: string })
      .filter((r) => r.productSlug === slug)
      .map((r) => r.marketName);

  it('a price from one market is that market\'s, named in the widget; never "Ulusal medyan"', async () => {
    const get = clientOf(worker, '198.51.104');
    const latest = (await get('/api/v1/prices/latest')).json() as { items: { slug: string; market_count: number }[] };
    expect(latest.items.filter((i) => i.market_count === 1)).toHaveLength(489);
    for (const slug of ['domates-genel', 'patates-genel', 'levrek-genel']) {
      const [market, ...more] = marketsOf(slug);
      expect(more, slug).toEqual([]);
      const page = await get(`/widgets/prices?slugs=${slug}`);
      expect(page.text).toContain(`<span class="basis" data-markets="1">${market!} fiyatı</span>`);
      expect(page.text).not.toMatch(/ulusal medyan/i);
    }
  });

  it('a price from two markets is their median, counted in the widget; never "Ulusal medyan"', async () => {
    const get = clientOf(worker, '198.51.108');
    const latest = (await get('/api/v1/prices/latest')).json() as { items: { slug: string; market_count: number }[] };
    // Adana's last list (2026-08-17) falls within the seven days before Bursa's (2026-08-22).
    expect(latest.items.filter((i) => i.market_count === 2)).toHaveLength(40);
    expect(latest.items.every((i) => i.market_count <= 2)).toBe(true);
    expect(marketsOf('biber-sivri').sort()).toEqual(['Adana Sebze ve Meyve Hali', 'Bursa Hali']);
    const page = await get('/widgets/prices?slugs=biber-sivri');
    expect(page.text).toContain('<span class="basis" data-markets="2">Medyan · 2 hal</span>');
    expect(page.text).not.toMatch(/ulusal medyan/i);
  });

  it("/prices/latest says in meta.note that one market is that market's price and several are their median", async () => {
    const get = clientOf(worker, '198.51.105');
    expect(LATEST_NOTE).toContain('market_count 1 ise tek bir halin fiyatıdır');
    expect(LATEST_NOTE).toContain('market_count N ise N halin fiyatlarının medyanıdır');
    for (const path of [
      '/api/v1/prices/latest',
      '/api/v1/prices/latest?category=meyve',
      '/api/v1/prices/latest?product=yok-boyle-urun',
    ]) {
      expect((await get(path)).json().meta.note, path).toBe(LATEST_NOTE);
    }
  });

  it('escapes what the query brings: no markup from slugs or a category', async () => {
    const get = clientOf(worker, '198.51.106');
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const page = await get(
      `/widgets/prices?slugs=${encodeURIComponent(evil)}&category=${encodeURIComponent(evil)}&theme=${encodeURIComponent(evil)}`,
    );
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img');
    expect(page.text).toContain(
      'Bulunamayan ürün: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;.',
    );
  });
});

/**
 * The price-list widget (/widgets/prices) in headless Chromium over the real build: every value
 * it renders is compared with the API answer of the same query, in both themes and at 280 and
 * 800 px, and the page is the only request a view makes; bad parameters still give a readable
 * widget. Screenshots: test-artifacts/browser/.
 */
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { WIDGET_RATE_LIMIT } from '../../core/routes.ts';
import type { LatestBody as Latest } from '../../edge/widgets/prices.ts';
import type { LatestItemT as Item } from '../../schemas/latest.ts';
import { distText } from '../support/dist-file.ts';
import { priceRows, widgetSummary } from './in-page.ts';
import {
  api,
  expectSound,
  FRESHNESS_WORDS,
  newIp,
  open,
  screenshot,
  startHarness,
  THEMES,
  trDay,
  trNumber,
  WIDTHS,
  type Harness,
  type Loaded,
} from './support.ts';

const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(18, 20, 23)' } as const;
const OLD = new Set(['stale', 'failed', 'unavailable']);

/** The markets behind each latest item, from the rows the build exported beside it (latest-rows.ndjson). */
function marketsOfItems(): Map<string, string[]> {
  const markets = new Map<string, string[]>();
  for (const line of distText(inject('distDir'), 'api/v1/_meta/latest-rows.ndjson').split('\n').filter(Boolean)) {
    const row = JSON.parse(line) as { productSlug: string; marketName: string };
    markets.set(row.productSlug, [...(markets.get(row.productSlug) ?? []), row.marketName]);
  }
  return markets;
}
let marketsOf: Map<string, string[]>;

/** What the price is: one market's, named; or the median of several, counted. */
function basis(item: Item): string {
  const markets = marketsOf.get(item.slug)!;
  expect(markets.length, item.slug).toBe(item.market_count);
  return markets.length === 1 ? `${markets[0]} fiyatı` : `Medyan · ${markets.length} hal`;
}

/**
 * The rows the widget must show: each answer's items newest data day first, then more markets
 * (otherwise the API's order), answers in the order asked, each product once, cut to the limit;
 * and the attribution of the answers those rows come from.
 */
function expected(bodies: Latest[], limit: number): { rows: Item[]; attribution: string } {
  const rows: Item[] = [];
  for (const body of bodies) {
    const items = [...body.items].sort((a, b) =>
      a.observed_date === b.observed_date
        ? b.market_count - a.market_count
        : a.observed_date < b.observed_date
          ? 1
          : -1,
    );
    for (const item of items) if (!rows.some((r) => r.slug === item.slug)) rows.push(item);
  }
  const shown = rows.slice(0, limit);
  const parts: string[] = [];
  for (const body of bodies.filter((b) => b.items.some((i) => shown.some((s) => s.slug === i.slug)))) {
    for (const part of body.attribution.split(' · ')) if (!parts.includes(part.trim())) parts.push(part.trim());
  }
  return { rows: shown, attribution: parts.join(' · ') };
}

function expectMoney(text: string, value: number | null, what: string): void {
  if (value === null) return expect(text, what).toBe('—');
  expect(text, what).toContain('₺');
  expect(Math.abs(trNumber(text) - value), `${what}: "${text}" for ${value}`).toBeLessThanOrEqual(0.005 + 1e-9);
}

/** Row by row: name, unit, what the price is (market or median), data day, freshness mark, median and range; then the notice and the attribution. */
async function expectPrices(loaded: Loaded, bodies: Latest[], limit: number): Promise<Item[]> {
  const want = expected(bodies, limit);
  const shown = await loaded.page.evaluate(priceRows);
  expect(shown.map((r) => r.slug)).toEqual(want.rows.map((r) => r.slug));
  want.rows.forEach((item, i) => {
    const row = shown[i]!;
    expect(row.name).toBe(item.name);
    expect(row.unit).toBe(item.unit);
    expect(row.basis).toBe(basis(item));
    expect(row.day).toBe(item.observed_date);
    expect(row.dayText).toBe(trDay(item.observed_date));
    const freshness = item.freshness ?? (item.isStale === undefined ? null : item.isStale ? 'stale' : 'fresh');
    expect(row.freshness, item.slug).toBe(freshness);
    expect(row.mark, item.slug).toBe(freshness ? FRESHNESS_WORDS[freshness] : null);
    expectMoney(row.median, item.median, `${item.slug} median`);
    const [low, high] = row.range.split(' – ');
    expectMoney(low!, item.min, `${item.slug} min`);
    expectMoney(high!, item.max, `${item.slug} max`);
  });
  const summary = await loaded.page.evaluate(widgetSummary);
  expect(summary.state).toBe('ready');
  expect(summary.attribution).toBe(want.attribution);
  expect(summary.attribution!.length).toBeGreaterThan(10);
  expect(summary.footerLink).toBe('/api-policy');
  const old = want.rows.filter((r) => OLD.has(r.freshness ?? (r.isStale ? 'stale' : 'fresh'))).length;
  const newest = want.rows
    .map((r) => r.observed_date)
    .sort()
    .pop()!;
  if (old === want.rows.length) {
    expect(summary.noticeKind).toBe('all');
    expect(summary.notice).toBe(`Bu fiyatlar güncel değil. En yeni veri günü: ${trDay(newest)}.`);
  } else if (old) expect(summary.noticeKind).toBe('some');
  else if (want.rows.some((r) => r.freshness === 'delayed')) expect(summary.noticeKind).toBe('delayed');
  else expect(summary.notice).toBeNull();
  return want.rows;
}

/** Never a blank or broken frame: a title, words, some height, the theme asked (or light). */
async function expectReadable(
  loaded: Loaded,
  theme: 'light' | 'dark',
): Promise<Awaited<ReturnType<typeof widgetSummary>>> {
  const summary = await loaded.page.evaluate(widgetSummary);
  expect(summary.title).toMatch(/^Hal fiyatları/);
  expect(summary.text.length).toBeGreaterThan(40);
  expect(summary.height).toBeGreaterThan(80);
  expect(summary.theme).toBe(theme);
  expect(summary.background).toBe(BACKGROUND[theme]);
  return summary;
}

/** A view is one request: the page with its data and style in it, nothing from the API, no script or style file. */
const expectOneRequest = (loaded: Loaded, path: string) => expect(loaded.requests).toEqual([path]);

describe('price-list widget', () => {
  let h: Harness;
  let latest: Latest;
  beforeAll(async () => {
    h = await startHarness();
    latest = (await api(h, '/api/v1/prices/latest')).body;
    expect(latest.items.length).toBeGreaterThan(50);
    marketsOf = marketsOfItems();
  });
  afterAll(async () => h?.close());

  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`shows the ten newest prices with their market, day, freshness and attribution in one request (${theme}, ${width} px)`, async () => {
        const loaded = await open(h, `/widgets/prices?theme=${theme}`, width);
        await expectReadable(loaded, theme);
        await expectPrices(loaded, [latest], 10);
        expectOneRequest(loaded, `/widgets/prices?theme=${theme}`);
        await expectSound(loaded, `prices ${theme} ${width}`);
        await screenshot(loaded.page, `prices-${theme}-${width}.png`);
        await loaded.close();
      });
    }
  }

  it('shows the chosen products in the order asked, a family as its variants, and names the unknown one (dark, 280 px)', async () => {
    const slugs = ['domates-genel', 'elma', 'bilinmeyen-urun'];
    const bodies = await Promise.all(
      slugs.map(async (s) => (await api(h, `/api/v1/prices/latest?product=${s}`)).body as Latest),
    );
    expect(bodies[0]!.items.length).toBe(1);
    expect(bodies[1]!.items.length).toBeGreaterThan(7);
    expect(bodies[2]!.items).toEqual([]);
    const loaded = await open(h, `/widgets/prices?slugs=${slugs.join(',')}&limit=8&theme=dark`, 280);
    await expectReadable(loaded, 'dark');
    const rows = await expectPrices(loaded, bodies, 8);
    expect(rows[0]!.slug).toBe('domates-genel');
    expect(rows.slice(1).every((r) => r.slug.startsWith('elma-'))).toBe(true);
    const summary = await loaded.page.evaluate(widgetSummary);
    expect(summary.notes).toBe(
      `Bulunamayan ürün: bilinmeyen-urun. ${bodies[0]!.items.length + bodies[1]!.items.length} üründen 8 tanesi gösteriliyor; ${bodies[0]!.items.length + bodies[1]!.items.length - 8} ürün sığmadı.`,
    );
    expectOneRequest(loaded, `/widgets/prices?slugs=${slugs.join(',')}&limit=8&theme=dark`);
    await expectSound(loaded, 'prices slugs');
    await screenshot(loaded.page, 'prices-slugs-dark-280.png');
    await loaded.close();
  });

  it('filters by category and names it in the title (light, 800 px)', async () => {
    const body = (await api(h, '/api/v1/prices/latest?category=meyve')).body as Latest;
    const loaded = await open(h, '/widgets/prices?category=meyve&limit=5', 800);
    const summary = await expectReadable(loaded, 'light');
    expect(summary.title).toBe('Hal fiyatları · Meyve');
    const rows = await expectPrices(loaded, [body], 5);
    expect(rows.every((r) => r.category === 'meyve')).toBe(true);
    expectOneRequest(loaded, '/widgets/prices?category=meyve&limit=5');
    await expectSound(loaded, 'prices category');
    await screenshot(loaded.page, 'prices-category-light-800.png');
    await loaded.close();
  });

  it('says how many of the chosen variants did not fit: 50 of the 53 of biber and domates', async () => {
    const bodies = await Promise.all(
      ['biber', 'domates'].map(async (s) => (await api(h, `/api/v1/prices/latest?product=${s}`)).body as Latest),
    );
    const total = bodies[0]!.items.length + bodies[1]!.items.length;
    expect(total).toBe(53);
    const loaded = await open(h, '/widgets/prices?slugs=biber,domates', 280);
    await expectReadable(loaded, 'light');
    expect((await expectPrices(loaded, bodies, 50)).length).toBe(50);
    expect((await loaded.page.evaluate(widgetSummary)).notes).toBe(
      '53 üründen 50 tanesi gösteriliyor; 3 ürün sığmadı.',
    );
    await expectSound(loaded, 'left out');
    await screenshot(loaded.page, 'prices-left-out-280.png');
    await loaded.close();
  });

  it('a visitor past the widget limit gets a Turkish page with a retry link, not JSON or a spinner; the API limit is untouched (real 429)', async () => {
    const ip = newIp();
    const path = '/widgets/prices?limit=3';
    for (let i = 0; i < WIDGET_RATE_LIMIT.requests; i += 50) {
      const spent = await Promise.all(
        Array.from({ length: Math.min(50, WIDGET_RATE_LIMIT.requests - i) }, () =>
          api(h, path, { 'cf-connecting-ip': ip }),
        ),
      );
      expect(spent.every((r) => r.status === 200)).toBe(true);
    }
    const loaded = await open(h, path, 280, { ip, status: 429, failedLoads: [path] });
    expect(loaded.response!.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(loaded.response!.headers()['retry-after']).toBe('60');
    const summary = await expectReadable(loaded, 'light');
    expect(summary.state).toBe('error');
    expect(summary.status).toBe(
      'Fiyatlar şu an yüklenemedi: bu ağdan çok sayıda istek geldi. Lütfen bir dakika sonra yeniden deneyin. Yeniden dene',
    );
    expect(summary.retry).toBe(path);
    expect(await loaded.page.evaluate(priceRows)).toEqual([]);
    const apiReply = await api(h, '/api/v1/prices/latest', { 'cf-connecting-ip': ip });
    expect(apiReply.status).toBe(200);
    expect(apiReply.headers.get('x-ratelimit-remaining')).toBe('59');
    await expectSound(loaded, 'rate limited');
    await screenshot(loaded.page, 'prices-rate-limited-280.png');
    await loaded.close();
  });

  describe('bad parameters give a sensible widget, never a blank frame (280 px)', () => {
    it('limit=0 shows the default ten rows', async () => {
      const loaded = await open(h, '/widgets/prices?limit=0', 280);
      await expectReadable(loaded, 'light');
      await expectPrices(loaded, [latest], 10);
      await expectSound(loaded, 'limit=0');
      await screenshot(loaded.page, 'prices-limit-0-280.png');
      await loaded.close();
    });

    it('limit=10000 is clamped to 50 rows that still fit the frame', async () => {
      const loaded = await open(h, '/widgets/prices?limit=10000&theme=dark', 280);
      await expectReadable(loaded, 'dark');
      expect((await expectPrices(loaded, [latest], 50)).length).toBe(50);
      await expectSound(loaded, 'limit=10000');
      await screenshot(loaded.page, 'prices-limit-10000-dark-280.png');
      await loaded.close();
    });

    it('an unknown theme is the light theme; limit=abc and empty slugs are ignored', async () => {
      const loaded = await open(h, '/widgets/prices?theme=neon&limit=abc&slugs=,,,', 280);
      await expectReadable(loaded, 'light');
      await expectPrices(loaded, [latest], 10);
      await expectSound(loaded, 'theme=neon');
      await screenshot(loaded.page, 'prices-theme-unknown-280.png');
      await loaded.close();
    });

    it('slugs are folded like the API folds them (upper case, Turkish letters, spaces)', async () => {
      const bodies = await Promise.all(
        ['domates-genel', 'biber-sivri'].map(
          async (s) => (await api(h, `/api/v1/prices/latest?product=${s}`)).body as Latest,
        ),
      );
      const loaded = await open(
        h,
        `/widgets/prices?slugs=${encodeURIComponent('Domates-Genel, BİBER-SİVRİ ,domates-genel')}`,
        280,
      );
      await expectReadable(loaded, 'light');
      await expectPrices(loaded, bodies, 50);
      expect((await loaded.page.evaluate(widgetSummary)).notes).toBeNull();
      await expectSound(loaded, 'folded slugs');
      await loaded.close();
    });

    it('only unknown slugs: says nothing was found and names them', async () => {
      const loaded = await open(h, `/widgets/prices?slugs=${encodeURIComponent('yok-boyle-urun,%%%')}`, 280);
      const summary = await expectReadable(loaded, 'light');
      expect(summary.state).toBe('empty');
      expect(summary.status).toBe('Seçilen ürünler için fiyat bulunamadı.');
      expect(summary.notes).toBe('Bulunamayan ürün: yok-boyle-urun, %%%.');
      expect(await loaded.page.locator('table').count()).toBe(0);
      expectOneRequest(loaded, `/widgets/prices?slugs=${encodeURIComponent('yok-boyle-urun,%%%')}`);
      await expectSound(loaded, 'unknown slugs');
      await screenshot(loaded.page, 'prices-unknown-slugs-280.png');
      await loaded.close();
    });

    it('an unknown category says so in Turkish', async () => {
      const body = (await api(h, '/api/v1/prices/latest?category=uzay')).body as Latest;
      expect(body.items).toEqual([]);
      const loaded = await open(h, '/widgets/prices?category=uzay&theme=dark', 280);
      const summary = await expectReadable(loaded, 'dark');
      expect(summary.state).toBe('empty');
      expect(summary.status).toBe('“uzay” kategorisinde fiyat bulunamadı.');
      await expectSound(loaded, 'unknown category');
      await screenshot(loaded.page, 'prices-unknown-category-dark-280.png');
      await loaded.close();
    });
  });
});

/**
 * The whole endpoint table: every path of the specification is routed, documented and answered;
 * every JSON answer validates against the served OpenAPI document with a standard validator
 * (ajv, not our zod code); closed objects carry no extra keys; history, export, search, aliases,
 * search-index and health behave as documented; bad input never gives a 500.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { addDays, istanbulDay } from '../../core/dates.ts';
import { EXPORT_COLUMNS } from '../../core/export-columns.ts';
import { ALERT_OPERATIONS } from '../../core/alert-routes.ts';
import { COMPAT_ROUTES } from '../../core/compat/routes.ts';
import { ROUTES } from '../../core/routes.ts';
import { fold } from '../../core/turkish.ts';
import { AVG_PRICE_METHOD_WORDS, FRESHNESS_WORDS, inWords, WARNING_WORDS } from '../../core/turkish-words.ts';
import { parseCsv } from '../../sources/lib/csv.ts';
import { servedApi } from '../support/served-api.ts';
import { expectErrorBody } from '../support/worker.ts';

/** The endpoint table of the specification (../shared/seeds/000_f10fca1ef9b568fb.txt), path by path. */
const CONTRACT_PATHS = [
  '/prices',
  '/prices/latest',
  '/prices/history/{slug}',
  '/prices/markets',
  '/prices/export',
  '/products',
  '/products/search',
  '/products/{slug}/aliases',
  '/markets',
  '/search',
  '/sources/status',
  '/index/latest',
  '/index/history',
  '/index/{slug}',
  '/observations/{id}',
  '/health',
  '/search-index',
  '/openapi.json',
];
/** Paths whose generators belong to later issues; this list only shrinks. */
const PENDING: Record<string, string> = {};
/** Additional operations of the specification that join /api/v1 (their paths clash with nothing). */
const ADDITIONAL_PATHS = [
  '/index/basket',
  '/prices/trending',
  '/prices/weekly-summary',
  '/prices/forecast/{slug}',
  '/production',
];

/**
 * The variant section's read operations that are no new capability, under the compatibility prefix,
 * and the cache values the variant states (the alert operations are in core/alert-routes.ts).
 */
const VARIANT_CACHE: Record<string, number | null> = {
  '/compat/prices': 300,
  '/compat/prices/history/{productSlug}': null,
  '/compat/prices/export': null,
  '/compat/prices/trending': 600,
  '/compat/prices/weekly-summary': null,
  '/compat/prices/forecast/{productSlug}': null,
  '/compat/index/latest': 300,
  '/compat/index/history': 300,
  '/compat/index/basket': null,
  '/compat/markets': null,
  '/compat/production': null,
};

const served = servedApi('203.0.113');
const { client } = served;

describe('completeness', () => {
  it('every path of the specification has a route, a handler and an operation in the OpenAPI document', async () => {
    for (const path of [...CONTRACT_PATHS, ...ADDITIONAL_PATHS]) {
      if (PENDING[path]) continue;
      expect(
        ROUTES.map((r) => r.path),
        path,
      ).toContain(path);
      expect(served.api.doc.paths[path]?.get, path).toBeDefined();
      expect(served.api.doc.paths[path].get['x-cache'], path).toEqual({
        sMaxAge: ROUTES.find((r) => r.path === path)!.cache.sMaxAge,
        staleWhileRevalidate: ROUTES.find((r) => r.path === path)!.cache.staleWhileRevalidate,
      });
    }
    expect(Object.keys(served.api.doc.paths).sort()).toEqual(
      [
        ...CONTRACT_PATHS.filter((p) => !PENDING[p]),
        ...ADDITIONAL_PATHS,
        ...Object.keys(VARIANT_CACHE),
        ...new Set(ALERT_OPERATIONS.map((o) => o.path)),
      ].sort(),
    );
  });

  it('every variant operation is served under the compatibility prefix, tagged compat, with its stated cache', () => {
    for (const [path, sMaxAge] of Object.entries(VARIANT_CACHE)) {
      const operation = served.api.doc.paths[path]?.get;
      expect(operation?.tags, path).toEqual(['compat']);
      expect(COMPAT_ROUTES.find((r) => r.path === path)?.operationId, path).toBe(operation.operationId);
      if (sMaxAge !== null) expect(operation['x-cache'].sMaxAge, path).toBe(sMaxAge);
    }
    for (const path of [...CONTRACT_PATHS, ...ADDITIONAL_PATHS])
      expect(served.api.doc.paths[path].get.tags, path).toEqual(['main']);
  });

  it("the contract cache values are the endpoint table's", () => {
    const table: Record<string, [number, number]> = {
      '/prices': [900, 3600],
      '/prices/latest': [900, 3600],
      '/prices/history/{slug}': [3600, 3600],
      '/prices/markets': [3600, 3600],
      '/prices/export': [0, 0],
      '/products': [3600, 3600],
      '/products/search': [300, 600],
      '/products/{slug}/aliases': [3600, 3600],
      '/markets': [3600, 3600],
      '/search': [300, 600],
      '/sources/status': [60, 300],
      '/observations/{id}': [3600, 3600],
      '/health': [0, 0],
      '/search-index': [300, 600],
      '/openapi.json': [300, 600],
      '/index/latest': [3600, 3600],
      '/index/history': [3600, 3600],
      '/index/{slug}': [3600, 3600],
      // additional operations: trending "10 minutes" as the specification says; the others as the index
      '/index/basket': [3600, 3600],
      '/prices/trending': [600, 600],
      '/prices/weekly-summary': [3600, 3600],
      // the forecast changes once a build, like the history it is made of
      '/prices/forecast/{slug}': [3600, 3600],
      // a yearly dataset: it changes when a new table is imported, not with the daily prices
      '/production': [86400, 86400],
    };
    for (const r of ROUTES) expect([r.cache.sMaxAge, r.cache.staleWhileRevalidate], r.path).toEqual(table[r.path]);
  });
});

describe('every JSON answer validates against the served OpenAPI document (ajv)', () => {
  it.each([
    ['/prices', '/api/v1/prices?limit=20'],
    ['/prices', '/api/v1/prices?product=domates&range=3650d&limit=5&page=3'],
    ['/prices/latest', '/api/v1/prices/latest'],
    ['/prices/history/{slug}', '/api/v1/prices/history/domates-salkim?range=3650d&bucket=weekly'],
    ['/prices/history/{slug}', '/api/v1/prices/history/domates?range=3650d&page=2&limit=10'],
    ['/prices/markets', '/api/v1/prices/markets'],
    ['/products', '/api/v1/products?category=sebze&limit=7'],
    ['/products/search', '/api/v1/products/search?q=domates'],
    ['/products/{slug}/aliases', '/api/v1/products/domates-salkim/aliases'],
    ['/markets', '/api/v1/markets'],
    ['/search', '/api/v1/search?q=izm'],
    ['/search-index', '/api/v1/search-index'],
    ['/sources/status', '/api/v1/sources/status'],
  ])('%s ← %s', async (path, url) => {
    const r = await client()(url);
    expect(r.status).toBe(200);
    served.api.expectValid(path, r.json());
  });

  it('an observation and the health answer validate too', async () => {
    const id = served.db
      .prepare(
        `SELECT o.id FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL LIMIT 1`,
      )
      .pluck()
      .get() as string;
    served.api.expectValid('/observations/{id}', (await client()(`/api/v1/observations/${id}`)).json());
    const health = await client()('/api/v1/health');
    served.api.expectValid('/health', health.json(), health.status);
  });

  it('a key the document does not declare fails the validation (closed objects)', () => {
    const schema = served.api.doc.paths['/markets'].get.responses[200].content['application/json'].schema;
    const validate = served.api.compile(schema.$ref);
    expect(validate({ items: [], meta: { count: 0 }, attribution: 'x', extra: 1 })).toBe(false);
    expect(validate({ items: [], meta: { count: 0 }, attribution: 'x' })).toBe(true);
  });
});

describe('/prices/history/{slug}', () => {
  it('daily: one item per market and day, oldest first, legacy shapes, not paged unless asked', async () => {
    const today = istanbulDay(new Date());
    const r = (await client()('/api/v1/prices/history/domates-salkim?range=3650d')).json();
    const expected = served.db
      .prepare(`SELECT o.data_day, o.avg_price FROM observations o JOIN source_names n ON n.id = o.source_name_id
                WHERE n.variant_slug = 'domates-salkim' AND o.data_day >= ? ORDER BY o.data_day, o.market_slug, o.id`)
      .all(addDays(today, -3649)) as { data_day: string; avg_price: number }[];
    expect(r.meta).toEqual({ productSlug: 'domates-salkim', rangeDays: 3650, bucket: 'daily' });
    expect(r.items.length).toBe(expected.length);
    expect(r.items[0].recordedDate).toBe(`${expected[0]!.data_day}T00:00:00.000Z`);
    expect(r.items[0].avgPrice).toBe(expected[0]!.avg_price.toFixed(2));
    expect(r.items.at(-1).observed_date).toBe(expected.at(-1)!.data_day);
  });

  it('weekly and monthly aggregate per market and period; auto picks by range; invalid bucket is daily', async () => {
    const get = client();
    const weekly = (await get('/api/v1/prices/history/domates-salkim?range=3650d&bucket=weekly')).json();
    const week = weekly.items.find((i: any) => i.recordedDate === '2026-07-20' && i.marketSlug === 'izmir-sebze-meyve');
    const days = served.db
      .prepare(`SELECT o.min_price, o.max_price, o.avg_price FROM observations o JOIN source_names n ON n.id = o.source_name_id
                WHERE n.variant_slug = 'domates-salkim' AND o.market_slug = 'izmir-sebze-meyve' AND o.data_day BETWEEN '2026-07-20' AND '2026-07-26'`)
      .all() as { min_price: number; max_price: number; avg_price: number }[];
    expect(week).toMatchObject({
      avgPriceMethod: 'mean_of_daily',
      minPrice: Math.min(...days.map((d) => d.min_price)).toFixed(2),
      maxPrice: Math.max(...days.map((d) => d.max_price)).toFixed(2),
      avgPrice: (Math.round((days.reduce((n, d) => n + d.avg_price, 0) / days.length) * 100) / 100).toFixed(2),
      observed_date: '2026-07-23',
    });
    const monthly = (await get('/api/v1/prices/history/domates-salkim?range=3650d&bucket=monthly')).json();
    expect(monthly.items.every((i: any) => /^\d{4}-\d{2}-01$/.test(i.recordedDate))).toBe(true);
    expect((await get('/api/v1/prices/history/domates-salkim?range=60d&bucket=auto')).json().meta.bucket).toBe('daily');
    expect((await get('/api/v1/prices/history/domates-salkim?range=400d&bucket=auto')).json().meta.bucket).toBe(
      'weekly',
    );
    expect((await get('/api/v1/prices/history/domates-salkim?range=3650d&bucket=auto')).json().meta.bucket).toBe(
      'monthly',
    );
    expect((await get('/api/v1/prices/history/domates-salkim?bucket=hourly')).json().meta).toEqual({
      productSlug: 'domates-salkim',
      rangeDays: 7,
      bucket: 'daily',
    });
  });

  it('pages only when page or limit is sent, with link and next', async () => {
    const get = client();
    const all = (await get('/api/v1/prices/history/domates?range=3650d')).json();
    const page = await get('/api/v1/prices/history/domates?range=3650d&limit=10&page=2');
    const body = page.json();
    expect(body.meta).toMatchObject({
      page: 2,
      limit: 10,
      total: all.items.length,
      count: 10,
      next: '/api/v1/prices/history/domates?range=3650d&bucket=daily&page=3&limit=10',
    });
    expect(body.items).toEqual(all.items.slice(10, 20));
    expect(page.headers.get('link')).toContain(
      '</api/v1/prices/history/domates?range=3650d&bucket=daily&page=3&limit=10>; rel="next"',
    );
    expect((await get('/api/v1/prices/history/no-such-product?range=30d')).json()).toMatchObject({
      items: [],
      meta: { productSlug: 'no-such-product' },
    });
  });
});

describe('/prices/export', () => {
  it('CSV with a byte order mark, commas, dot decimals, the columns and the filters applied; never 304', async () => {
    const get = client();
    const r = await get('/api/v1/prices/export?product=domates-salkim&date=2026-07-23');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.text.charCodeAt(0)).toBe(0xfeff);
    const lines = r.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','));
    const count = served.db
      .prepare(
        `SELECT count(*) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug = 'domates-salkim' AND o.data_day = '2026-07-23'`,
      )
      .pluck()
      .get();
    expect(lines.length - 1).toBe(count);
    const izmir = lines.find((l) => l.includes('izmir-sebze-meyve'))!;
    expect(izmir).toMatch(
      /^Domates Salkım,domates-salkim,sebze,İzmir Sebze ve Meyve Toptancı Hali,izmir-sebze-meyve,İzmir,\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?,reported,kg,TRY,2026-07-23,/,
    );
    expect(izmir).toContain(',ürün=domates-salkim; tarih=2026-07-23,');
    expect(
      (
        await get('/api/v1/prices/export?product=domates-salkim&date=2026-07-23', {
          headers: { 'if-none-match': r.headers.get('etag')! },
        })
      ).status,
    ).toBe(200);
  });

  it('the file name says what the file holds: filters, day or period, latest, _tr', async () => {
    const get = client();
    const today = istanbulDay(new Date());
    const names: Record<string, string> = {
      'product=domates&market=izmir-sebze-meyve&date=2026-07-23&locale=tr':
        'hal-fiyatlari_domates_izmir-sebze-meyve_2026-07-23_tr.csv',
      'market=izmir-sebze-meyve&product=Domates&date=2026-07-23':
        'hal-fiyatlari_domates_izmir-sebze-meyve_2026-07-23.csv',
      'product=domates-salkim&range=3650d': `hal-fiyatlari_domates-salkim_son-3650-gun_${today}.csv`,
      'latest=1&city=izmir&category=sebze&locale=tr': `hal-fiyatlari_izmir_sebze_en-son_${today}_tr.csv`,
    };
    for (const [query, name] of Object.entries(names)) {
      const r = await get(`/api/v1/prices/export?${query}`);
      expect(r.status, query).toBe(200);
      expect(r.headers.get('content-disposition'), query).toBe(`attachment; filename="${name}"`);
    }
  });

  it('locale=tr spells freshness, warnings and the averaging method out; links are absolute in both files', async () => {
    const get = client();
    const query = '/api/v1/prices/export?product=domates-salkim&range=3650d';
    const codes = parseCsv((await get(query)).text, ',').slice(1);
    const words = parseCsv((await get(`${query}&locale=tr`)).text, ';').slice(1);
    const column = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
    expect(words.length).toBe(codes.length);
    expect(new Set(codes.map((c) => c[column('Ortalama Yöntemi')])).size).toBeGreaterThan(1);
    // Absolute, on the host the request reached (the local edge's address here).
    const origin = served.worker.url.origin.replace(/[.]/g, '\\.');
    const observationUrl = new RegExp(`^${origin}/api/v1/observations/[0-9a-f-]{36}$`);
    codes.forEach((code, i) => {
      const word = words[i]!;
      expect(word[column('Güncellik')]).toBe(inWords(FRESHNESS_WORDS, code[column('Güncellik')]!));
      expect(word[column('Ortalama Yöntemi')]).toBe(inWords(AVG_PRICE_METHOD_WORDS, code[column('Ortalama Yöntemi')]!));
      const warnings = code[column('Uyarılar')]!;
      expect(word[column('Uyarılar')]).toBe(
        warnings
          ? warnings
              .split('|')
              .map((w) => inWords(WARNING_WORDS, w))
              .join('; ')
          : '',
      );
      for (const cells of [code, word]) {
        expect(cells[column('Gözlem URL')]).toMatch(observationUrl);
        expect(cells[column('Belge URL')]).toMatch(/^https:\/\//);
      }
    });
    expect(Object.values(FRESHNESS_WORDS)).toContain(words[0]![column('Güncellik')]);
  });

  it('locale=tr: decimal commas and semicolons, which Turkish spreadsheets split into columns', async () => {
    const r = await client()('/api/v1/prices/export?product=domates-salkim&date=2026-07-23&locale=tr');
    expect(r.text.slice(1).split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(';'));
    const [, cells] = parseCsv(r.text, ';') as [string[], string[]];
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    const avg = served.db
      .prepare(
        `SELECT o.avg_price FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug = 'domates-salkim' AND o.data_day = '2026-07-23' AND o.market_slug = ?`,
      )
      .pluck()
      .get(cells[4]) as number;
    expect(cells[8]).toBe(String(avg).replace('.', ','));
  });

  it('Turkish spreadsheet users are sent to locale=tr: /api-policy, /widgets and the OpenAPI document link it', async () => {
    const get = client();
    for (const page of ['/api-policy', '/widgets']) {
      const $ = cheerio.load((await get(page)).text);
      const href = $('a[href*="/prices/export"]').attr('href');
      expect(href, page).toBe('/api/v1/prices/export?product=domates&latest=1&locale=tr');
      const r = await get(href!);
      expect(r.status, page).toBe(200);
      expect(r.headers.get('content-disposition')).toMatch(
        /^attachment; filename="hal-fiyatlari_domates_en-son_\d{4}-\d{2}-\d{2}_tr\.csv"$/,
      );
    }
    const parameters = served.api.doc.paths['/prices/export'].get.parameters as { name: string; description: string }[];
    const about = (name: string) => parameters.find((p) => p.name === name)!.description;
    expect(about('locale')).toMatch(/Turkish spreadsheets/);
    expect(about('locale')).toContain('`;` as the field separator');
    expect(about('locale')).toContain('/api/v1/prices/export?product=domates&latest=1&locale=tr');
    expect(about('format')).toContain('locale=tr');
  });

  it('latest=1 exports the rows behind /prices/latest; a selection over 20,000 rows is refused', async () => {
    const get = client();
    const latest = (await get('/api/v1/prices/latest?product=domates')).json();
    const csv = (await get('/api/v1/prices/export?latest=1&product=domates')).text.slice(1).trimEnd().split('\r\n');
    expect(csv.length - 1).toBe(latest.items.reduce((n: number, i: any) => n + i.market_count, 0));
    expect(csv[1]).toContain('en son=1');
    expectErrorBody(await get('/api/v1/prices/export'), 400, 'EXPORT_TOO_LARGE');
    expectErrorBody(await get('/api/v1/prices/export?format=xlsx'), 400, 'INVALID_PARAMETER');
    expectErrorBody(await get('/api/v1/prices/export?latest=true'), 400, 'INVALID_PARAMETER');
  });
});

describe('search', () => {
  it('/products/search folds Turkish letters and matches names before the names sources print', async () => {
    const get = client();
    for (const q of ['SALKIM', 'salkım', 'Salkim']) {
      const r = (await get(`/api/v1/products/search?q=${encodeURIComponent(q)}`)).json();
      expect(r.normalised).toBe('salkim');
      expect(r.items.map((i: any) => i.slug)).toContain('domates-salkim');
      expect(r.items.every((i: any) => i.matched === 'name')).toBe(true);
    }
    // İzmir prints Y.MAYDONOZ (by the bağ), İBB Maydonoz (by the demet): both are found by the names sources print.
    const byAlias = (await get('/api/v1/products/search?q=maydonoz')).json();
    expect(byAlias.items.every((i: any) => i.matched === 'alias')).toBe(true);
    expect(byAlias.items).toContainEqual(
      expect.objectContaining({
        slug: 'maydanoz-genel',
        matched: 'alias',
        alias: 'Y.MAYDONOZ',
        aliases_url: '/api/v1/products/maydanoz-genel/aliases',
      }),
    );
    expect(byAlias.items.map((i: any) => i.slug)).toContain('maydanoz-demet');
    expect((await get('/api/v1/products/search?q=e&limit=5')).status).toBe(400);
    const limited = (await get('/api/v1/products/search?q=el&limit=3')).json();
    expect(limited.meta).toEqual({ count: 3, limit: 3 });
    expect((await get('/api/v1/products/search?q=el&limit=500')).json().meta.limit).toBe(50);
  });

  it('/search returns products and markets with the folded key', async () => {
    const r = (await client()('/api/v1/search?q=%C4%B0ZM%C4%B0R')).json();
    expect(r.normalised).toBe(fold('İZMİR'));
    expect(r.markets.map((m: any) => m.slug)).toEqual(expect.arrayContaining(['izmir-sebze-meyve', 'izmir-balik']));
    expect(r.meta).toEqual({ products: r.products.length, markets: r.markets.length, limit: 20 });
  });

  it('/search lists only markets whose name or province matches', async () => {
    const izmir = (await client()('/api/v1/search?q=izmir')).json();
    expect(izmir.markets.length).toBeGreaterThan(0);
    expect(izmir.markets.every((m: any) => fold(m.name).includes('izmir') || fold(m.province).includes('izmir'))).toBe(
      true,
    );
    const tomato = (await client()('/api/v1/search?q=domates')).json();
    expect(tomato.products.length).toBeGreaterThan(0);
    expect(tomato.markets).toEqual([]);
  });

  it('strange Unicode in q is folded or refused, never a 500', async () => {
    const get = client();
    for (const q of [
      '%F0%9F%8D%85%F0%9F%8D%85',
      '%E2%80%8B%E2%80%8B',
      'a%00b',
      'x'.repeat(5000),
      '%D8%B7%D9%85%D8%A7%D8%B7%D9%85',
      'd%CC%87omates',
    ]) {
      const r = await get(`/api/v1/search?q=${q}`);
      expect([200, 400], q.slice(0, 20)).toContain(r.status);
      if (r.status === 400) expectErrorBody(r, 400, 'QUERY_TOO_SHORT');
    }
  });
});

describe('aliases, search index, health', () => {
  it('/products/{slug}/aliases lists the printed names of a variant and of a family; unknown → 404', async () => {
    const get = client();
    const variant = (await get('/api/v1/products/maydanoz-genel/aliases')).json();
    expect(variant.product).toMatchObject({ slug: 'maydanoz-genel', category: 'sebze' });
    expect(variant.items).toContainEqual(
      expect.objectContaining({
        source: 'izmir',
        raw_name: 'Y.MAYDONOZ',
        match_key: 'y maydonoz',
        method: 'seed',
        variant: 'maydanoz-genel',
      }),
    );
    const count = served.db
      .prepare(
        "SELECT count(*) FROM source_names n JOIN variants v ON v.slug = n.variant_slug WHERE v.product_slug = 'domates'",
      )
      .pluck()
      .get();
    expect((await get('/api/v1/products/domates/aliases')).json().meta.count).toBe(count);
    expectErrorBody(await get('/api/v1/products/no-such-product/aliases'), 404, 'NOT_FOUND');
    expectErrorBody(await get('/api/v1/products/Not%20A%20Slug/aliases'), 404, 'NOT_FOUND');
  });

  it('/search-index names every variant, market and city', async () => {
    const r = (await client()('/api/v1/search-index')).json();
    expect(r.products.length).toBe(served.db.prepare('SELECT count(*) FROM variants').pluck().get());
    expect(r.markets.length).toBe(served.db.prepare('SELECT count(*) FROM markets').pluck().get());
    expect(r.cities.map((c: any) => c.slug)).toContain('izmir');
    expect(r.firms).toEqual([]);
  });

  it('/health is 503 while an enabled source is behind its schedule, with the reasons; never cached', async () => {
    const r = await client()('/api/v1/health');
    const body = r.json();
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe(body.reasons.length ? 'degraded' : 'ok');
    expect(r.status).toBe(body.status === 'ok' ? 200 : 503);
    // The embedded archive ends months before the build day: İzmir is behind.
    expect(body.behind.map((b: any) => b.key)).toContain('izmir');
    expect(body.synthetic).toBe(false);
  });
});

describe('bad input never gives a 500', () => {
  it.each([
    ['/api/v1/prices?date=2026-13-01', 400],
    ['/api/v1/prices?date=%00', 400],
    ['/api/v1/prices?range=%F0%9F%8D%85', 200],
    ['/api/v1/prices?page=1e9', 400],
    ['/api/v1/prices?limit=-5', 400],
    ['/api/v1/prices?product=%E2%80%8B&city=%00', 200],
    ['/api/v1/prices?product=' + 'a'.repeat(3000), 200],
    ['/api/v1/prices/history/%F0%9F%8D%85', 200],
    ['/api/v1/prices/history/domates?page=0', 400],
    ['/api/v1/prices/history/domates?limit=abc', 400],
    ['/api/v1/products?page=-1', 400],
    ['/api/v1/products?category=%FF', 200],
    ['/api/v1/products/search', 400],
    ['/api/v1/products/search?q=%20%20', 400],
    ['/api/v1/search?q=ab&limit=0', 400],
    ['/api/v1/observations/00000000-0000-0000-0000-000000000000', 404],
    ['/api/v1/observations/' + 'f'.repeat(36), 400],
    ['/api/v1/observations/%E2%80%8B', 400],
    ['/api/v1/prices/latest?product=%00&category=%FF', 200],
    ['/api/v1/prices/export?date=2026-02-30', 400],
    ['/api/v1/prices/export?locale=de', 400],
  ])('%s → %i', async (path, status) => {
    const r = await client()(path, { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(r.status).toBe(status);
    expect(r.headers.get('x-request-id')).not.toBe('x'.repeat(500));
    if (status >= 400) expect(r.json().error.requestId).toBe(r.headers.get('x-request-id'));
  });
});

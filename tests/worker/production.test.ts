/**
 * /production and /compat/production under workerd over the suite's real build: the national
 * tables' tonnes as the store holds them, the province data with its provenance, names folded like
 * search, the measure rule, empty answers that say the newest year, 400s in the error body, the
 * variant's bare array, ETag and 304, and the /products links.
 */
import { describe, expect, it } from 'vitest';
import { servedApi } from '../support/served-api.ts';
import { expectErrorBody } from '../support/worker.ts';

const served = servedApi('198.18.127');
const { client } = served;

const MAIN = '/api/v1/production';
const COMPAT = '/api/v1/compat/production';

type Item = {
  year: number;
  productName: string;
  quantityTons: number | null;
  source: string;
  productSlug: string | null;
  region: string;
  areaHectares: number | null;
  tableId: string;
  measure: 'total' | 'part' | null;
};

async function main(query: string) {
  const r = await client()(`${MAIN}?${query}`);
  expect(r.status, query).toBe(200);
  served.api.expectValid('/production', r.json(), 200);
  return { r, body: r.json() as { items: Item[]; meta: Record<string, unknown>; attribution: string } };
}

describe('national tables', () => {
  it('product=domates lists 1988–2024, one total a year, the tonnes of table 45_t10', async () => {
    const { body } = await main('product=domates');
    const table = served.db
      .prepare(
        "SELECT year, quantity_tons AS t FROM production WHERE product_slug = 'domates' AND region = 'tr' AND measure = 'total' ORDER BY year",
      )
      .all() as { year: number; t: number }[];
    expect(body.items.map((i) => i.year)).toEqual(Array.from({ length: 37 }, (_, k) => 1988 + k));
    expect(body.items.map((i) => [i.year, i.quantityTons])).toEqual(table.map((r) => [r.year, r.t]));
    const y2020 = body.items.find((i) => i.year === 2020)!;
    expect(y2020).toMatchObject({
      productName: 'Domates Toplam',
      quantityTons: 13_204_015,
      source: 'Kaynak: Tarım ve Orman Bakanlığı',
      productSlug: 'domates',
      region: 'tr',
      tableId: '45_t10',
      measure: 'total',
    });
    expect(Object.keys(y2020).slice(0, 4)).toEqual(['year', 'productName', 'quantityTons', 'source']);
    expect(body.meta).toEqual({
      count: 37,
      newestYear: 2024,
      product: 'domates',
      productMatch: 'family',
      year: null,
      region: 'tr',
      measure: 'whole',
    });
    expect(body.attribution).toContain('TÜİK');
    expect(body.attribution).toContain('Kaynak: Tarım ve Orman Bakanlığı');
  });

  it.each(['Domates', 'domates', 'DOMATES', ' domates '])('the name %j resolves to the family', async (name) => {
    const { body } = await main(`product=${encodeURIComponent(name)}&year=2020`);
    expect(body.meta.product).toBe('domates');
    expect(body.items.map((i) => i.quantityTons)).toEqual([13_204_015]);
  });

  it("a variant's name resolves to its family, as search finds it", async () => {
    const { body } = await main('product=Domates%20Salk%C4%B1m&year=2020');
    expect(body.meta).toMatchObject({ product: 'domates', productMatch: 'family' });
    expect(body.items.map((i) => i.quantityTons)).toEqual([13_204_015]);
  });

  it('measure: part lists the uses and the production under cover, all every row, total the total', async () => {
    const part = (await main('product=domates&year=2020&measure=part')).body.items;
    expect(part.map((i) => [i.tableId, i.productName]).sort()).toEqual([
      ['45_30', 'Domates'],
      ['45_t10', 'Domates Salçalık'],
      ['45_t10', 'Domates Sofralık'],
    ]);
    expect((await main('product=domates&year=2020&measure=all')).body.items).toHaveLength(4);
    expect((await main('product=domates&year=2020&measure=total')).body.items).toHaveLength(1);
  });

  it('without filters: the newest year of region tr, one whole production per family, no row of no family', async () => {
    const { body } = await main('');
    expect(body.meta).toMatchObject({ newestYear: 2024, year: null, region: 'tr', measure: 'whole', product: null });
    expect(new Set(body.items.map((i) => i.year))).toEqual(new Set([2024]));
    expect(body.items.every((i) => i.productSlug !== null && i.tableId !== '45_30')).toBe(true);
    const totals = body.items.filter((i) => i.measure === 'total').map((i) => i.productSlug);
    expect(new Set(totals).size).toBe(totals.length);
    expect(body.items.find((i) => i.productSlug === 'domates')?.quantityTons).toBe(14_617_000);
  });

  it('a printed name no family takes lists its rows, of every year', async () => {
    const { body } = await main('product=Kimyon');
    expect(body.meta).toMatchObject({ product: 'kimyon', productMatch: 'printed_name' });
    expect(body.items).toHaveLength(37);
    expect(body.items.every((i) => i.productName === 'Kimyon' && i.productSlug === null && i.measure === null)).toBe(
      true,
    );
  });
});

describe('province data', () => {
  it('product=domates&region=antalya&year=2020: the parts the database prints, with its provenance', async () => {
    const { body } = await main('product=domates&region=antalya&year=2020');
    const rows = served.db
      .prepare(
        "SELECT product_name AS n, quantity_tons AS t FROM production WHERE product_slug = 'domates' AND region = 'antalya' AND year = 2020 ORDER BY product_name",
      )
      .all() as { n: string; t: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(body.items.map((i) => [i.productName, i.quantityTons]).sort()).toEqual(rows.map((r) => [r.n, r.t]));
    for (const i of body.items) {
      expect(i).toMatchObject({ region: 'antalya', tableId: 'kds', year: 2020 });
      expect(i.source).toContain('kds_vt.db');
      expect(i.source).toContain('provenance not stated');
    }
    expect(body.meta).toMatchObject({ region: 'antalya', newestYear: 2024 });
    expect(body.attribution).toContain('kds_vt.db');
  });

  it('a province by name (Antalya, ANTALYA) is the same answer', async () => {
    const bySlug = (await main('product=domates&region=antalya&year=2020')).body;
    for (const name of ['Antalya', 'ANTALYA'])
      expect((await main(`product=domates&region=${name}&year=2020`)).body).toEqual(bySlug);
  });

  it("the database's missing tonnes are null, never 0 t (vegetables of 2018)", async () => {
    const { body } = await main('product=domates&region=antalya&year=2018');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i) => i.quantityTons === null)).toBe(true);
  });
});

describe('empty answers', () => {
  it('an unknown product: no items, the newest year, the filter that names nothing', async () => {
    const { r, body } = await main('product=yok-boyle-bir-urun');
    expect(body.items).toEqual([]);
    expect(body.meta).toMatchObject({ count: 0, newestYear: 2024, product: null, productMatch: null });
    expect(r.headers.get('x-unknown-filters')).toBe('product=yok-boyle-bir-urun');
  });

  it("an unknown year: no items, the product's newest year, the year named", async () => {
    const { r, body } = await main('product=domates&year=1950');
    expect(body.items).toEqual([]);
    expect(body.meta).toMatchObject({ count: 0, newestYear: 2024, product: 'domates', year: 1950 });
    expect(r.headers.get('x-unknown-filters')).toBe('year=1950');
    const all = await main('year=3000');
    expect(all.body.meta).toMatchObject({ count: 0, newestYear: 2024 });
    expect(all.r.headers.get('x-unknown-filters')).toBe('year=3000');
  });

  it('the compatibility prefix: an empty array, the same header', async () => {
    const r = await client()(`${COMPAT}?product=yok-boyle-bir-urun`);
    expect(r.status).toBe(200);
    expect(r.json()).toEqual([]);
    expect(r.headers.get('x-unknown-filters')).toBe('product=yok-boyle-bir-urun');
  });
});

describe('bad parameters', () => {
  it.each([
    ['year=2020.5', 'year'],
    ['year=iki-bin', 'year'],
    ['year=-2020', 'year'],
    ['region=atlantis', 'region'],
    ['region=turkiye', 'region'],
    ['measure=half', 'measure'],
  ])('%s is 400 INVALID_PARAMETER under both prefixes', async (query, parameter) => {
    for (const [prefix, path] of [
      [MAIN, '/production'],
      [COMPAT, '/compat/production'],
    ] as const) {
      const r = await client()(`${prefix}?product=domates&${query}`);
      expectErrorBody(r, 400, 'INVALID_PARAMETER');
      expect(r.json().error.details).toMatchObject({ parameter });
      served.api.expectValid(path, r.json(), 400);
    }
  });
});

describe('the compatibility prefix', () => {
  it("is the variant's bare array of four keys, the main answer's rows", async () => {
    const r = await client()(`${COMPAT}?product=domates`);
    expect(r.status).toBe(200);
    served.api.expectValid('/compat/production', r.json(), 200);
    const rows = r.json() as Record<string, unknown>[];
    expect(rows).toHaveLength(37);
    for (const row of rows) expect(Object.keys(row)).toEqual(['year', 'productName', 'quantityTons', 'source']);
    expect(rows.find((x) => x.year === 2020)).toEqual({
      year: 2020,
      productName: 'Domates Toplam',
      quantityTons: 13_204_015,
      source: 'Kaynak: Tarım ve Orman Bakanlığı',
    });
  });

  it('leaves out the rows whose tonnes are missing', async () => {
    const main2018 = (await main('product=domates&region=antalya&year=2018')).body.items;
    expect(main2018.length).toBeGreaterThan(0);
    const r = await client()(`${COMPAT}?product=domates&year=2018&region=antalya`);
    expect(r.json()).toEqual([]);
  });
});

describe('caching', () => {
  it('a long cache, an ETag and 304 on If-None-Match, under both prefixes', async () => {
    for (const path of [`${MAIN}?product=domates`, `${COMPAT}?product=domates`]) {
      const get = client();
      const r = await get(path);
      expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=86400, stale-while-revalidate=86400');
      const etag = r.headers.get('etag')!;
      expect(etag).toMatch(/^"/);
      const again = await get(path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    }
  });
});

describe('links from the catalogue', () => {
  it('/products items carry production_url where their family has rows, else null', async () => {
    const r = await client()('/api/v1/products?limit=500');
    const items = r.json().items as { product: string; production_url: string | null }[];
    const families = new Set(
      served.db.prepare('SELECT DISTINCT product_slug FROM production WHERE product_slug IS NOT NULL').pluck().all(),
    );
    expect(items.some((i) => i.production_url === null)).toBe(true);
    for (const i of items)
      expect(i.production_url).toBe(families.has(i.product) ? `/api/v1/production?product=${i.product}` : null);
    const linked = items.find((i) => i.product === 'domates')!;
    const followed = await client()(linked.production_url!);
    expect(followed.json().items.length).toBe(37);
  });

  it("a family's aliases page links to its production", async () => {
    const r = await client()('/api/v1/products/domates/aliases');
    expect(r.json().product.production_url).toBe('/api/v1/production?product=domates');
  });
});

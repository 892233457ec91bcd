/**
 * The weekly basket index and the market movers, through the worker over the suite's real build
 * (build day 2026-11-21): hand-checked weeks of the real archive, the publication rule and its
 * 409, history periods and their 400s, the real (CPI-deflated) series, trending and the weekly
 * summary checked against SQLite, and every answer against the served OpenAPI document.
 */
import { describe, expect, inject, it } from 'vitest';
import { BASKET } from '../build/basket-index/basket.ts';
import { addDays, isoWeek, istanbulDay } from '../core/dates.ts';
import { servedApi } from './support/served-api.ts';
import { expectErrorBody } from './support/worker.ts';

const served = servedApi('192.0.2');
const { client } = served;
const get = async (path: string) => (await client()(`/api/v1${path}`)).json();

const week = (items: any[], w: string) => items.find((i) => i.week === w);

/*
 * Hand-checked weeks. Weekly price of a series (variant × market) = mean of its daily averages
 * in the week; no series of these weeks has two rows on one day, so SQL's avg() is that mean:
 *
 *   SELECT n.variant_slug, o.market_slug, avg(o.avg_price)
 *   FROM observations o JOIN source_names n ON n.id = o.source_name_id JOIN variants v ON v.slug = n.variant_slug
 *   WHERE o.data_day BETWEEN :monday AND :sunday AND o.unit = v.unit
 *     AND (v.product_slug IN ('domates','patlican','salatalik','patates','havuc','kabak','elma','portakal','limon','uzum')
 *          OR v.slug IN ('biber-sivri','sogan-kuru','marul-kivircik','brokoli-genel','muz-yerli'))
 *   GROUP BY 1, 2
 *
 * Per member: the series priced in both weeks (previous → current), the median of each week
 * over those series, and their ratio. link = (product of the ratios)^(1 / members).
 *
 * 2014-02 (6–12 Jan 2014) against 2014-01 (30 Dec 2013 – 5 Jan 2014, the base week = 100), İzmir only:
 *   domates     cherry 3.375→3.25, salkim 2.875→2.76, sera 2.225→1.95   median 2.875→2.76  = 0.960000
 *   biber-sivri 2.825→2.86                                              = 1.012389
 *   patlican    topan 3.3→3.22, uzun 3.15→3.11        median 3.225→3.165 = 0.981395
 *   salatalik   kasa 1.65→1.47, silor 2→2.13          median 1.825→1.8   = 0.986301
 *   patates     calma 1.5→1.82, genel 1.35→1.582      median 1.425→1.701 = 1.193684
 *   sogan-kuru  0.43→0.438                                              = 1.018605
 *   havuc       genel 1→0.99                                            = 0.990000
 *   marul-kivircik 1.23→1.07 (adet)                                     = 0.869919
 *   kabak       bal 0.75→0.75, taze 2.05→2.08         median 1.4→1.415   = 1.010714
 *   brokoli     1.55→1.366                                              = 0.881290
 *   elma        amasya 2.1→2.09, golden 1.1→1.03, granny-smith-ithal 2.75→2.75,
 *               starking 1.25→1.21, starking-ithal 2.75→2.75  median 2.1→2.09 = 0.995238
 *   portakal    finike 1.05→1.08, muhtelif 0.65→0.65  median 0.85→0.865 = 1.017647
 *   limon       dokme 0.75→0.75, kasa 1.15→1.15       median 0.95→0.95   = 1.000000
 *   uzum        muhtelif 1.5→1.5, siyah-enfs 2.5→2.5  median 2→2         = 1.000000
 *               (uzum-beyaz and uzum-genel appear only in 2014-02: not compared)
 *   muz-yerli   2.05→2.08                                               = 1.014634
 *   15 members; product 0.901701; link 0.901701^(1/15) = 0.993126 → 100 × 0.993126 = 99.31
 *
 * 2025-01 (30 Dec 2024 – 5 Jan 2025) against 2023-52 (25–31 Dec 2023, value 776.41): the İzmir
 * archive has no 2024, İBB's three 2024 days share no series with 2023-52, and Antalya's 2024 weeks
 * price 8 of the 15 members (fewer than 10: no value), so 2025-01 is compared with the last week
 * that got a value, a year earlier. Antalya (@t) prints every calendar day (its Sundays copy the
 * Saturday): its weekly prices are means of 7 days.
 *   domates     beef 22.25→30.625, cherry 23→50, pembe 25.75→52.5, salkim 22.75→50,
 *               salkim-iyi-tarim 21.8333→57.5, genel@t 22→25.9286, kokteyl@t 29.0714→60,
 *               pembe@t 26→42.5                        median 22.875→50    = 2.185792
 *   biber-sivri 31.5→70, @t 28→56.1429                  median 29.75→63.0714 = 2.120048
 *   patlican    topan 22.3333→57.5, uzun 21.9167→57.5, bostan@t 28.7857→69.6429,
 *               genel@t 26.7143→69.2857                median 24.5238→63.3929 = 2.584951
 *   salatalik   silor 21.1667→40, genel@t 17.7143→52.5, silor@t 26.4286→58.5714
 *               median 21.1667→52.5 = 2.480315;  patates calma 14.1667→17.5 = 1.235294
 *   sogan-kuru  9.5→20 = 2.105263;  havuc genel 9.9167→22.5 = 2.268908;  marul-kivircik 17.9167→30 = 1.674419
 *   kabak       bal 10.4167→21.25, taze 24→35, bal@t 11.5→17.5, sakiz@t 28.2143→22.2857
 *               median 17.75→21.7679 = 1.226358
 *   brokoli     18.0833→33.75 = 1.866359
 *   elma        amasya 22.4167→42.5, arjantin 19.4167→32.5, golden 18.0833→25,
 *               granny-smith 23.8333→30, starking 22.25→30, golden@t 30→32.5,
 *               granny-smith@t 35→42.5, starking@t 30.5→30  median 23.125→31.25 = 1.351351
 *   portakal    finike 13.9167→32.5, genel 16.5→32.5, washington 15→32.5, sikmalik@t 14→19.5,
 *               valencia@t 18→25                       median 15→32.5 = 2.166667
 *   limon       lamas 11.8333→22.5, genel@t 8→16        median 9.9167→19.25 = 1.941176
 *   muz-yerli   30.8333→45 = 1.459459
 *   uzum        no series in both weeks (2023-52: beyaz, siyah; 2025-01: none) → left out
 *   14 members; product 5573.160; link 5573.160^(1/14) = 1.851734 → 776.4133 × 1.851734 = 1437.71
 *
 * 2025-30 (21–27 Jul 2025) against 2025-29 (value 1219.08): İzmir, Ankara (@a) and Antalya (@t) together.
 *   domates     16 series (4 in Ankara, 3 in Antalya)   median 38.75→38.75 = 1.000000
 *   biber-sivri 30.4167→36.25, @t 27.7857→25.2143       median 29.1012→30.7321 = 1.056044
 *               (Ankara printed no biber-sivri in 2025-29)
 *   patlican    bostan@a 17.75→21.25, genel@a 16.75→14.5, kebaplik@a 26→23.5, topan 18.3333→17.5,
 *               uzun 20.4167→17.9167, bostan@t 23.5→23.5, genel@t 20→20  median 20→20 = 1.000000
 *   salatalik   genel@a 7.25→11, genel 11.25→11.6667, silor@a 10.5→15, silor 14.5833→17.25,
 *               genel@t 7.7143→8.3571, silor@t 12.4286→14  median 10.875→12.8333 = 1.180077
 *   patates     calma 13.3333→14.1667, diger 8.9583→9.1667, kumpir@a 19.625→19, taze@a 14.75→15,
 *               taze-ii@a 10→10  median 13.3333→14.1667 = 1.062500
 *   sogan-kuru  @a 8.5→8.5, 8.9167→9.1667  median 8.7083→8.8333 = 1.014354
 *   havuc       beypazari@a 15→14, genel 18→20.5  median 16.5→17.25 = 1.045455
 *   marul-kivircik @a 11.75→9.5, 15.4167→15.4167  median 13.5833→12.4583 = 0.917178
 *   kabak       bal 64.1667→62.9167, genel@a 13→12.75, taze 19.5833→19.1667, sakiz@t 9.9286→8.7857
 *               median 16.2917→15.9583 = 0.979540
 *   brokoli     no series in both weeks → left out
 *   elma        10 series  median 56.25→58.3333 = 1.037037;  portakal 5 series  median 46.25→50.7143 = 1.096525
 *   limon       6 series  median 95.8333→107.9167 = 1.126087;  uzum 6 series  median 80→81.25 = 1.015625
 *   muz-yerli   @a 45→47.5, 68.75→65.4167  median 56.875→56.4583 = 0.992674
 *   14 members; product 1.628607; link 1.628607^(1/14) = 1.035451 → 1219.0775 × 1.035451 = 1262.30
 */
describe('hand-checked weeks of the real archive', () => {
  it('2014-02: the first link, 15 members, İzmir only', async () => {
    const history = await get('/index/history');
    expect(history.index.base_week).toBe('2014-01');
    expect(week(history.items, '2014-01')).toEqual({
      week: '2014-01',
      week_start: '2013-12-30',
      week_end: '2014-01-05',
      value: 100,
      member_count: 15,
    });
    expect(week(history.items, '2014-02')).toEqual({
      week: '2014-02',
      week_start: '2014-01-06',
      week_end: '2014-01-12',
      value: 99.31,
      member_count: 15,
    });
  });

  it('2025-01: compared with 2023-52 across the missing year; üzüm left out (14 members)', async () => {
    const { items } = await get('/index/history');
    expect(items.filter((i: any) => i.week.startsWith('2024-'))).toEqual([]);
    expect(week(items, '2023-52')).toMatchObject({ value: 776.41, member_count: 15 });
    expect(week(items, '2025-01')).toMatchObject({ value: 1437.71, member_count: 14 });
    expect(week(items, '2025-01').value).toBeCloseTo(776.4133 * 1.851734, 1);
  });

  it('2025-30: İzmir, Ankara and Antalya together; brokoli left out (14 members)', async () => {
    const { items } = await get('/index/history');
    expect(week(items, '2025-29')).toMatchObject({ value: 1219.08 });
    expect(week(items, '2025-30')).toMatchObject({ value: 1262.3, member_count: 14 });
    expect(week(items, '2025-30').value / week(items, '2025-29').value).toBeCloseTo(1.035451, 4);
  });

  it('the ratio behind one member, recomputed from SQLite: patates in 2014-02', () => {
    const mean = (variant: string, from: string, to: string) =>
      served.db
        .prepare(
          `SELECT avg(o.avg_price) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug = ? AND o.data_day BETWEEN ? AND ?`,
        )
        .pluck()
        .get(variant, from, to) as number;
    const before =
      (mean('patates-calma', '2013-12-30', '2014-01-05') + mean('patates-genel', '2013-12-30', '2014-01-05')) / 2;
    const after =
      (mean('patates-calma', '2014-01-06', '2014-01-12') + mean('patates-genel', '2014-01-06', '2014-01-12')) / 2;
    expect(before).toBeCloseTo(1.425, 10);
    expect(after).toBeCloseTo(1.701, 10);
  });
});

describe('/index/latest', () => {
  it('the newest closed week with a value, the week before and the change as a ratio; the freshness of its data', async () => {
    const r = await client()('/api/v1/index/latest');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=3600');
    const body = r.json();
    served.api.expectValid('/index/latest', body);
    const history = await get('/index/history');
    const last = history.items.at(-1);
    expect(body.latest).toEqual({
      ...last,
      previous_value: week(history.items, '2026-29').value,
      change: expect.any(Number),
    });
    expect(body.latest.week).toBe('2026-30');
    expect(body.latest.change).toBeCloseTo(1880.12 / 1799.34 - 1, 3);
    // Closed: the week ended before the build day; İzmir's archive ends on 2026-07-23.
    expect(body.latest.week_end < inject('today')).toBe(true);
    expect(body).toMatchObject({
      dataDate: '2026-07-23',
      freshness: 'stale',
      isStale: true,
      warnings: ['data_stale', 'static_archive'],
    });
    expect(body.index).toEqual({
      slug: 'ulusal',
      name: 'Ulusal Hal Sepeti Endeksi',
      method: 'chained-jevons-matched-median',
      source: 'ankara,antalya,istanbul-ibb,izmir',
      base_week: '2014-01',
      base_value: 100,
    });
    expect(body.attribution).toContain('İzmir');
    expect(
      (await client()('/api/v1/index/latest', { headers: { 'if-none-match': r.headers.get('etag')! } })).status,
    ).toBe(304);
  });

  it('municipal: a definition per province with a municipal market; published only with at least 52 weeks of values', async () => {
    const { municipal } = await get('/index/latest');
    expect(municipal.map((m: any) => m.slug)).toEqual(['ankara', 'antalya', 'bursa', 'istanbul', 'izmir']);
    for (const m of municipal) expect(m.published, m.slug).toBe(m.weeks >= 52);
    expect(municipal.find((m: any) => m.slug === 'izmir')).toMatchObject({
      published: true,
      name: 'İzmir Hal Sepeti Endeksi',
    });
    // Ankara: 2025-05-29 … 2026-02-28 is 39 weeks, not a year.
    expect(municipal.find((m: any) => m.slug === 'ankara')).toEqual({
      slug: 'ankara',
      name: 'Ankara Hal Sepeti Endeksi',
      published: false,
      weeks: 39,
    });
    // Antalya: three years of days, but 8 of the 15 members, fewer than 10: no week has a value.
    expect(municipal.find((m: any) => m.slug === 'antalya')).toMatchObject({ published: false, weeks: 0 });
  });
});

describe('/index/history', () => {
  it('the whole series without parameters; from/to keep the weeks that overlap the period', async () => {
    const all = await get('/index/history');
    served.api.expectValid('/index/history', all);
    expect(all.meta).toEqual({ count: all.items.length, from: null, to: null });
    expect(all.items.map((i: any) => i.week)).toEqual([...all.items.map((i: any) => i.week)].sort());
    const part = await get('/index/history?from=2026-07-01&to=2026-07-15');
    expect(part.items.map((i: any) => i.week)).toEqual(['2026-27', '2026-28', '2026-29']);
    expect(part.meta).toEqual({ count: 3, from: '2026-07-01', to: '2026-07-15' });
    expect((await get('/index/history?from=2026-07-20')).items.map((i: any) => i.week)).toEqual(['2026-30']);
    expect((await get('/index/history?to=2014-01-06')).items.map((i: any) => i.week)).toEqual(['2014-01', '2014-02']);
  });

  it('range: weeks overlapping the days ending today; from/to win over range', async () => {
    // The worker's today is the day of the request (Europe/Istanbul), not the build day.
    const today = istanbulDay(new Date());
    const days = 200;
    const r = await get(`/index/history?range=${days}d`);
    expect(r.meta).toEqual({ count: r.items.length, from: addDays(today, 1 - days), to: today });
    expect(r.items[0].week).toBe(isoWeek(addDays(today, 1 - days)).week); // 2026-19: within İzmir's data
    expect(r.items.at(-1).week).toBe('2026-30');
    expect((await get('/index/history?range=abc')).meta.from).toBe(addDays(today, -6)); // an invalid range counts as 7 days
    expect((await get('/index/history?range=7d')).items).toEqual([]); // no data in the last week
    expect((await get('/index/history?range=3d&from=2014-01-01&to=2014-01-10')).items.map((i: any) => i.week)).toEqual([
      '2014-01',
      '2014-02',
    ]);
  });

  it('invalid dates are 400 INVALID_DATE; from after to too; an unknown series is 400 INVALID_PARAMETER', async () => {
    expectErrorBody(await client()('/api/v1/index/history?from=2026-02-30'), 400, 'INVALID_DATE');
    expectErrorBody(await client()('/api/v1/index/history?to=yesterday'), 400, 'INVALID_DATE');
    const reversed = await client()('/api/v1/index/history?from=2026-07-15&to=2026-07-01');
    expectErrorBody(reversed, 400, 'INVALID_DATE');
    expect(reversed.json().error.details).toEqual({ parameter: 'from', value: '2026-07-15', to: '2026-07-01' });
    expectErrorBody(await client()('/api/v1/index/history?series=usd'), 400, 'INVALID_PARAMETER');
  });

  /*
   * Real = nominal × CPI(base week's month) / CPI(week's month), CPI = TÜİK TÜFE 2003=100
   * (data/cpi/). Base week 2014-01: its Thursday is 2 Jan 2014, January 2014 lies between the
   * listed Decembers: 229.01 × (247.72 / 229.01)^(1/12) = 230.5137. Week 2023-52: Thursday
   * 28 Dec 2023, December 2023 = 1859.38 (listed). 776.4133 × 230.5137 / 1859.38 = 96.25.
   * The file ends with December 2024, and 2024 has no week with a value: the real series ends at 2023-52.
   */
  it('series=real: the CPI-deflated series beside the nominal, hand-checked at 2023-52', async () => {
    const real = await get('/index/history?series=real');
    served.api.expectValid('/index/history', real);
    expect(real.items[0]).toEqual({
      week: '2014-01',
      week_start: '2013-12-30',
      week_end: '2014-01-05',
      value: 100,
      member_count: 15,
    });
    expect(real.items.at(-1)).toEqual({
      week: '2023-52',
      week_start: '2023-12-25',
      week_end: '2023-12-31',
      value: 96.25,
      member_count: 15,
    });
    expect(real.index.source).toBe('ankara,antalya,istanbul-ibb,izmir,tuik-tufe-2003-100');
    expect(real.attribution).toContain('TÜİK');
    // Its freshness is that of its own last week (Antalya's Sunday copy of 2023-12-31 is its newest row).
    expect(real.dataDate).toBe('2023-12-31');
    // Within one month the deflator is the same: real/nominal is constant.
    const nominal = (await get('/index/history')).items;
    expect(week(real.items, '2014-02').value).toBe(week(nominal, '2014-02').value);
    expect((await get('/index/history?series=real&from=2023-12-01')).items.map((i: any) => i.week)).toEqual([
      '2023-48',
      '2023-49',
      '2023-50',
      '2023-51',
      '2023-52',
    ]);
  });
});

describe('/index/{slug} and /index/basket', () => {
  it('a published index answers its series, nominal and real; the national one is `ulusal`', async () => {
    const izmir = await get('/index/izmir');
    served.api.expectValid('/index/{slug}', izmir);
    expect(izmir).toMatchObject({
      slug: 'izmir',
      scope: 'municipal',
      province: 'izmir',
      published: true,
      version: '1',
      base_value: 100,
      base_week: '2014-01',
      base_week_start: '2013-12-30',
      min_members: 10,
    });
    expect(izmir.meta.weeks).toBe(izmir.values.length);
    // Until İBB's first week (2020) the İzmir market is the whole national index.
    expect(izmir.values.find((v: any) => v.week_start === '2014-01-06')).toEqual({
      week_start: '2014-01-06',
      value: 99.31,
      member_count: 15,
    });
    expect(izmir.methodology_note).toContain('geometrik ortalama');
    expect(izmir.deflator.publisher).toContain('TÜİK');
    const national = await get('/index/ulusal');
    const history = await get('/index/history');
    expect(national.values).toEqual(
      history.items.map((i: any) => ({ week_start: i.week_start, value: i.value, member_count: i.member_count })),
    );
    expect(national.real_values).toEqual(
      (await get('/index/history?series=real')).items.map((i: any) => ({ week_start: i.week_start, value: i.value })),
    );
  });

  it('defined but not published → 409 with the rule; unknown → 404', async () => {
    const r = await client()('/api/v1/index/ankara');
    expectErrorBody(r, 409, 'INDEX_NOT_PUBLISHED');
    expect(r.json().error.details).toMatchObject({ slug: 'ankara', weeks: 39, rule: expect.stringContaining('52') });
    served.api.expectValid('/index/{slug}', r.json(), 409);
    expectErrorBody(await client()('/api/v1/index/bursa'), 409, 'INDEX_NOT_PUBLISHED');
    expectErrorBody(await client()('/api/v1/index/antalya'), 409, 'INDEX_NOT_PUBLISHED');
    expectErrorBody(await client()('/api/v1/index/konya'), 404, 'NOT_FOUND');
    expectErrorBody(await client()('/api/v1/index/Not%20A%20Slug'), 404, 'NOT_FOUND');
  });

  it('/index/basket lists the 15 members and the variants each one counts', async () => {
    const body = await get('/index/basket');
    served.api.expectValid('/index/basket', body);
    expect(body.basket.map((m: any) => m.slug)).toEqual(BASKET.map((m) => m.slug));
    expect(body.basket.find((m: any) => m.slug === 'marul-kivircik')).toMatchObject({
      kind: 'variant',
      unit: 'adet',
      variants: ['marul-kivircik'],
    });
    const limon = body.basket.find((m: any) => m.slug === 'limon');
    const kgLemons = served.db
      .prepare(`SELECT slug FROM variants WHERE product_slug = 'limon' AND unit = 'kg' ORDER BY slug`)
      .pluck()
      .all();
    expect(limon).toMatchObject({ kind: 'product', unit: 'kg', variants: kgLemons });
    expect(body.meta).toMatchObject({ count: 15, index: 'ulusal', min_members: 10 });
  });
});

describe('/prices/trending', () => {
  it('variants ranked by price rows in the 7 days ending at the newest data day; limit default 20, at most 100', async () => {
    const r = await client()('/api/v1/prices/trending');
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=600, stale-while-revalidate=600');
    const body = r.json();
    served.api.expectValid('/prices/trending', body);
    const to = served.db
      .prepare(
        `SELECT max(o.data_day) FROM observations o JOIN markets m ON m.slug = o.market_slug WHERE m.kind <> 'ulusal'`,
      )
      .pluck()
      .get() as string;
    expect(body.meta).toMatchObject({ count: 20, limit: 20, from: addDays(to, -6), to });
    const counts = served.db
      .prepare(`SELECT n.variant_slug AS slug, count(*) AS rows, count(DISTINCT o.market_slug) AS markets, min(coalesce(o.min_price, o.avg_price)) AS min
                FROM observations o JOIN source_names n ON n.id = o.source_name_id JOIN markets m ON m.slug = o.market_slug
                WHERE n.variant_slug IS NOT NULL AND m.kind <> 'ulusal' AND o.data_day BETWEEN ? AND ?
                GROUP BY 1 ORDER BY rows DESC, markets DESC, slug LIMIT 20`)
      .all(addDays(to, -6), to) as { slug: string; rows: number; markets: number; min: number }[];
    expect(body.items.map((i: any) => [i.productSlug, i.recordCount, i.marketCount])).toEqual(
      counts.map((c) => [c.slug, c.rows, c.markets]),
    );
    expect(body.items.map((i: any) => i.minPrice)).toEqual(counts.map((c) => c.min.toFixed(2)));
    expect(body.meta.total).toBeGreaterThan(20);
    expect((await get('/prices/trending?limit=5')).items).toEqual(body.items.slice(0, 5));
    expect((await get('/prices/trending?limit=1000')).meta.limit).toBe(100);
    expectErrorBody(await client()('/api/v1/prices/trending?limit=0'), 400, 'INVALID_LIMIT');
    expectErrorBody(await client()('/api/v1/prices/trending?limit=abc'), 400, 'INVALID_LIMIT');
  });
});

describe('/prices/weekly-summary', () => {
  it('without week: the newest closed week with data; risers and fallers against the week before', async () => {
    const body = await get('/prices/weekly-summary');
    served.api.expectValid('/prices/weekly-summary', body);
    expect(body).toMatchObject({
      week: '2026-34',
      weekStart: '2026-08-17',
      weekEnd: '2026-08-23',
      meta: { previousWeek: '2026-33', limit: 10 },
    });
    expect(body.topRisers.length).toBe(10);
    expect(
      body.topRisers.every(
        (m: any, i: number) => m.change > 0 && (i === 0 || body.topRisers[i - 1].change >= m.change),
      ),
    ).toBe(true);
    expect(
      body.topFallers.every(
        (m: any, i: number) => m.change < 0 && (i === 0 || body.topFallers[i - 1].change <= m.change),
      ),
    ).toBe(true);
  });

  it('a mover recomputed from SQLite: medians over the markets quoting in both weeks', async () => {
    const body = await get('/prices/weekly-summary?week=2025-30');
    served.api.expectValid('/prices/weekly-summary', body);
    const mover = [...body.topRisers, ...body.topFallers].find((m: any) => m.marketCount === 2)!;
    const means = (from: string, to: string) =>
      new Map(
        (
          served.db
            .prepare(`SELECT o.market_slug AS market, avg(o.avg_price) AS mean FROM observations o JOIN source_names n ON n.id = o.source_name_id
                    WHERE n.variant_slug = ? AND o.data_day BETWEEN ? AND ? GROUP BY 1`)
            .all(mover.productSlug, from, to) as { market: string; mean: number }[]
        ).map((r) => [r.market, r.mean]),
      );
    const before = means('2025-07-14', '2025-07-20');
    const after = means('2025-07-21', '2025-07-27');
    const both = [...after.keys()].filter((m) => before.has(m));
    expect(both.length).toBe(2);
    const median2 = (m: Map<string, number>) => (m.get(both[0]!)! + m.get(both[1]!)!) / 2;
    expect(mover.previousMedian).toBeCloseTo(median2(before), 2);
    expect(mover.currentMedian).toBeCloseTo(median2(after), 2);
    expect(mover.change).toBeCloseTo(median2(after) / median2(before) - 1, 4);
  });

  it('a real week without data answers empty lists; a week that does not exist is 400', async () => {
    const empty = await get('/prices/weekly-summary?week=2010-10');
    served.api.expectValid('/prices/weekly-summary', empty);
    expect(empty).toMatchObject({
      week: '2010-10',
      weekStart: '2010-03-08',
      weekEnd: '2010-03-14',
      topRisers: [],
      topFallers: [],
      // The same cut as a stored week's (core/routes.ts WEEKLY_SUMMARY_LIMIT).
      meta: { previousWeek: '2010-09', compared: 0, limit: 10 },
      freshness: 'unavailable',
      warnings: ['no_data'],
    });
    expectErrorBody(await client()('/api/v1/prices/weekly-summary?week=2025-53'), 400, 'INVALID_PARAMETER');
    expectErrorBody(await client()('/api/v1/prices/weekly-summary?week=2026-7'), 400, 'INVALID_PARAMETER');
    expectErrorBody(await client()('/api/v1/prices/weekly-summary?week=%F0%9F%8D%85'), 400, 'INVALID_PARAMETER');
    expect((await get('/prices/weekly-summary?week=2026-53')).topRisers).toEqual([]); // 2026 has 53 ISO weeks
  });
});

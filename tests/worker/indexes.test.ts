/**
 * The weekly basket index and the market movers, through the worker over the suite's real build
 * (build day 2026-11-21): hand-checked weeks of the real archive, the publication rule and its
 * 409, history periods and their 400s, the real (CPI-deflated) series, trending and the weekly
 * summary checked against SQLite, and every answer against the served OpenAPI document.
 */
import { describe, expect, inject, it } from 'vitest';
import { BASKET } from '../../build/basket-index/basket.ts';
import { addDays, isoWeek, istanbulDay } from '../../core/dates.ts';
import { servedApi } from '../support/served-api.ts';
import { expectErrorBody } from '../support/worker.ts';

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
 *     JOIN markets m ON m.slug = o.market_slug JOIN sources s ON s.key = m.source_key
 *   WHERE o.data_day BETWEEN :monday AND :sunday AND o.unit = v.unit
 *     AND m.kind = 'sebze-meyve' AND s.kind = 'municipal' AND instr(o.quality_flags, '"implausible_') = 0
 *     AND (v.product_slug IN ('domates','patlican','salatalik','patates','havuc','kabak','elma','portakal',
 *                              'limon','uzum')
 *          OR v.slug IN ('biber-sivri','sogan-kuru','marul-kivircik','brokoli-genel','muz-yerli'))
 *   GROUP BY 1, 2
 *
 * Per member: the series priced in both weeks (previous → current), the median of each week
 * over those series, and their ratio. link = (product of the ratios)^(1 / members); the value
 * chains the previous week's unrounded value (given beside the published one) and is published rounded.
 * A series without a mark is İzmir's; @a Ankara, @t Antalya, @d Adana, @b Bursa.
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
 * 2024-01 (1–7 Jan 2024) against 2023-52 (25–31 Dec 2023, 776.41 = 776.4133):
 * İzmir (its 2024 dump) and Antalya (@t).
 *   domates     beef 22.25→22.4, cherry 23→22.6, genel@t 22→22.8571, kokteyl@t 29.0714→30.2143,
 *               pembe@t 26→26, pembe 25.75→24.7, salkim 22.75→23, salkim-iyi-tarim 21.8333→22.3
 *               median 22.875→22.9286 = 1.002342
 *   biber-sivri @t 28→28.2143, 31.5→31.5  median 29.75→29.8571 = 1.003601
 *   patlican    bostan@t 28.7857→25.4286, genel@t 26.7143→22.1429, topan 22.3333→22.5, uzun 21.9167→19.8
 *               median 24.5238→22.3214 = 0.910194
 *   salatalik   genel@t 17.7143→17.4286, silor@t 26.4286→27, silor 21.1667→21.7  median 21.1667→21.7 = 1.025197
 *   patates     calma 14.1667→13.7 = 0.967059;  sogan-kuru 9.5→10.5 = 1.105263
 *   havuc       genel 9.9167→9.7, takoz 15.5→14.9  median 12.7083→12.3 = 0.967869
 *   marul-kivircik 17.9167→17.9 = 0.999070
 *   kabak       bal@t 11.5→11.5, bal 10.4167→13, sakiz@t 28.2143→23.8571, taze 24→23.7
 *               median 17.75→18.35 = 1.033803
 *   brokoli     18.0833→18 = 0.995392
 *   elma        amasya 22.4167→21, arjantin 19.4167→21, fuji 21→20, golden@t 30→30.2857, golden 18.0833→19.1,
 *               granny-smith@t 35→35, granny-smith 23.8333→22.4, starking-ithal 30→30, starking@t 30.5→30.7857,
 *               starking 22.25→22.2  median 23.125→22.3 = 0.964324
 *   portakal    finike 13.9167→13.5, genel 16.5→18.6, sikmalik@t 14→13.3571, sikmalik 12.6667→10,
 *               valencia@t 18→17.3571, valencia 14→14, washington 15→12.3  median 14→13.5 = 0.964286
 *   limon       genel@t 8→8, lamas 11.8333→11.5  median 9.9167→9.75 = 0.983193
 *   uzum        beyaz 37.5→42, red-globe 35→35, siyah 44→42, sultaniye 30→30  median 36.25→38.5 = 1.062069
 *   muz-yerli   30.8333→30.5 = 0.989189
 *   15 members; product 0.958917; link 0.958917^(1/15) = 0.997207 → 776.4133 × 0.997207 = 774.24
 *
 * 2025-01 (30 Dec 2024 – 5 Jan 2025) against 2024-52 (23–29 Dec 2024, 1274.21 = 1274.2074):
 * İzmir and Antalya (@t).
 *   domates     beef 28.75→30.4167, cherry 45.8333→50, diger 50.8333→55, genel@t 24.7143→25.9286,
 *               kokteyl@t 54.6429→60, kokteyl 55→55, pembe@t 42.5→42.5, pembe 50.8333→52.5,
 *               salkim 44.1667→48.3333, salkim-iyi-tarim 57.5→57.5  median 48.3333→51.25 = 1.060345
 *   biber-sivri @t 50.7857→56.1429, 60→70  median 55.3929→63.0714 = 1.138620
 *   patlican    bostan@t 61.0714→69.6429, genel@t 58.9286→69.2857, topan 46.25→57.5, uzun 46.25→57.5
 *               median 52.5893→63.3929 = 1.205433
 *   salatalik   cengelkoy 37.5→35, genel@t 29→52.5, genel 45.4167→42.5, silor@t 32.6429→58.5714,
 *               silor 32.9167→40  median 32.9167→42.5 = 1.291139
 *   patates     calma 17.5→17.5, diger 12.75→16.5, taze 18.75→22.5  median 17.5→17.5 = 1.000000
 *   sogan-kuru  15.8333→20 = 1.263158;  havuc beypazari 16.5→16.5, genel 25→22.5 → 20.75→19.5 = 0.939759
 *   marul-kivircik 22.5→30 = 1.333333
 *   kabak       bal@t 18.2143→17.5, bal 20→21.6667, sakiz@t 21.2857→22.2857, taze 38.3333→35
 *               median 20.6429→21.9762 = 1.064591
 *   brokoli     44.1667→35 = 0.792453
 *   elma        amasya 40→42.5, arjantin 25→32.5, diger 30.8333→30, golden@t 32.5→32.5, golden 30→25,
 *               granny-smith@t 42.5→42.5, granny-smith 28.3333→30, starking@t 30→30, starking 30.8333→30
 *               median 30.8333→30 = 0.972973
 *   portakal    finike 27.5→32.5, genel 25→32.5, sikmalik@t 20.5→19.5, valencia@t 25→25, washington 27.5→32.5
 *               median 25→32.5 = 1.300000
 *   limon       diger 20→25, genel@t 16→16, lamas 25→22.5, yeni-mayer 15→15  median 18→19.25 = 1.069444
 *   muz-yerli   40→45 = 1.125000
 *   uzum        no series in either week → left out
 *   14 members; product 3.818264; link 3.818264^(1/14) = 1.100429 → 1274.2074 × 1.100429 = 1402.17
 *
 * 2025-30 (21–27 Jul 2025) against 2025-29 (1185.05 = 1185.0537):
 * İzmir, Ankara (@a) and Antalya (@t) together.
 *   domates     16 series (4 in Ankara, 3 in Antalya)  median 38.75→38.75 = 1.000000
 *               (the middle two in both weeks: pembe@t 37.5→37.5 and pembe@a 40→40)
 *   biber-sivri @t 27.7857→25.2143, 30.4167→36.25  median 29.1012→30.7321 = 1.056044
 *               (Ankara printed no biber-sivri in 2025-29)
 *   patlican    bostan@a 17.75→21.25, bostan@t 23.5→23.5, genel@a 16.75→14.5, genel@t 20→20,
 *               kebaplik@a 26→23.5, topan 18.3333→17.5, uzun 20.4167→17.9167  median 20→20 = 1.000000
 *   salatalik   genel@a 7.25→11, genel@t 7.7143→8.3571, genel 11.25→11.6667, silor@a 10.5→15,
 *               silor@t 12.4286→14, silor 14.5833→17.25  median 10.875→12.8333 = 1.180077
 *   patates     calma 13.3333→14.1667, diger 8.9583→9.1667, kumpir@a 19.625→19, taze@a 14.75→15,
 *               taze-ii@a 10→10  median 13.3333→14.1667 = 1.062500
 *   sogan-kuru  @a 8.5→8.5, 8.9167→9.1667  median 8.7083→8.8333 = 1.014354
 *   havuc       beypazari@a 15→14, genel 18→20.5  median 16.5→17.25 = 1.045455
 *   marul-kivircik @a 11.75→9.5, 15.4167→15.4167  median 13.5833→12.4583 = 0.917178
 *   kabak       bal 64.1667→62.9167, genel@a 13→12.75, sakiz@t 9.9286→8.7857, taze 19.5833→19.1667
 *               median 16.2917→15.9583 = 0.979540
 *   brokoli     no series in both weeks → left out
 *   elma        10 series (3 in Ankara, 3 in Antalya)  median 56.25→58.3333 = 1.037037
 *   portakal    genel 46.25→49.1667, sikmalik@a 51.25→52.5, sikmalik@t 35→41.4286, valencia@a 63.75→65,
 *               valencia@t 45→50.7143  median 46.25→50.7143 = 1.096525
 *   limon       diger 86.6667→99.1667, dokme@a 111.25→121.25, file@a 105→110, genel@t 82.1429→95.3571,
 *               lamas 85.4167→105.8333, sandik-kg@a 109.72→117.36  median 95.8333→107.9167 = 1.126087
 *   uzum        6 series (4 in Ankara)  median 80→81.25 = 1.015625
 *   muz-yerli   @a 45→47.5, 68.75→65.4167  median 56.875→56.4583 = 0.992674
 *   14 members; product 1.628607; link 1.628607^(1/14) = 1.035451 → 1185.0537 × 1.035451 = 1227.07
 *
 * 2026-34 (17–23 Aug 2026, the latest week) against 2026-33 (1951.01 = 1951.0105):
 * Adana (@d) and Bursa (@b); İzmir's archive ends on 2026-07-23.
 *   domates     antalya@d 38.9286→40, beef@b 25→25, cherry@d 57.8571→60, cherry@b 29→40.6667,
 *               genel@b 37.5714→32.5833, kokteyl@b 39.6429→52.5, salcalik@b 14.5714→13.3333,
 *               salkim@d 45→47.5, salkim@b 49.3571→38.3333  median 38.9286→40 = 1.027523
 *   biber-sivri @d 65→55, @b 48.4286→46.3333  median 56.7143→50.6667 = 0.893367
 *   patlican    bostan@d 20→17.5, genel@b 22.5→22.5, tophane@b 20.7143→22.0833, uzun@d 22.5→22.5
 *               median 21.6071→22.2917 = 1.031680
 *   salatalik   citir@b 36.0714→24, genel@d 17.8571→16, genel@b 20.7143→21.75  median 20.7143→21.75 = 1.050000
 *   patates     eski@b 32.9286→29.4167, genel@d 25→25, taze@b 28.8571→34.0833
 *               median 28.8571→29.4167 = 1.019389
 *   sogan-kuru  @b 42→31.9167 = 0.759921
 *   havuc       genel@d 15→15.5, genel@b 27.5→26.25, siyah@d 22.5→22.5  median 22.5→22.5 = 1.000000
 *   marul-kivircik @d 22.5→22.5 = 1.000000
 *   kabak       bal@d 42.5→42.5, bal@b 45→45, genel@d 33.9286→35, taze@b 28.5→24.8333
 *               median 38.2143→38.75 = 1.014019
 *   brokoli     @b 43.5714→42.5 = 0.975410
 *   elma        8 series (4 in Adana)  median 61.0714→62.2917 = 1.019981
 *   portakal    sikmalik@d 26.7857→30, sikmalik@b 32.8571→34.75, valencia@b 38.5714→34.5833,
 *               washington@b 49.2857→46.6667  median 35.7143→34.6667 = 0.970667
 *   limon       genel@b 56.25→58.6667, yatak@d 57.5→57.5  median 56.875→58.0833 = 1.021245
 *   uzum        beyaz@d 41.7857→42.5, cekirdeksiz@b 50.7143→64.9167, genel@b 50.3571→44.6667,
 *               red-globe@b 50→50, siyah@d 55.3571→45, siyah@b 48.8571→50.4167  median 50.1786→47.5 = 0.946619
 *   muz-yerli   @d 40→40, @b 68.2143→61.5  median 54.1071→50.75 = 0.937954
 *   15 members; product 0.683984; link 0.683984^(1/15) = 0.974997 → 1951.0105 × 0.974997 = 1902.23
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

  it('2024-01: İzmir 2024 and Antalya continue 2023-52 week by week (15 members); 2024 has 52 values', async () => {
    const { items } = await get('/index/history');
    expect(items.filter((i: any) => i.week.startsWith('2024-'))).toHaveLength(52);
    expect(week(items, '2023-52')).toMatchObject({ value: 776.41, member_count: 15 });
    expect(week(items, '2024-01')).toMatchObject({ value: 774.24, member_count: 15 });
    expect(week(items, '2024-01').value).toBeCloseTo(776.4133 * 0.997207, 1);
  });

  it('2025-01: İzmir and Antalya, compared with 2024-52; üzüm left out (14 members)', async () => {
    const { items } = await get('/index/history');
    expect(week(items, '2024-52')).toMatchObject({ value: 1274.21, member_count: 14 });
    expect(week(items, '2025-01')).toMatchObject({ value: 1402.17, member_count: 14 });
    expect(week(items, '2025-01').value).toBeCloseTo(1274.2074 * 1.100429, 1);
  });

  it('2025-30: İzmir, Ankara and Antalya together; brokoli left out (14 members)', async () => {
    const { items } = await get('/index/history');
    expect(week(items, '2025-29')).toMatchObject({ value: 1185.05, member_count: 14 });
    expect(week(items, '2025-30')).toMatchObject({ value: 1227.07, member_count: 14 });
    expect(week(items, '2025-30').value / week(items, '2025-29').value).toBeCloseTo(1.035451, 4);
  });

  it('2026-34: Adana and Bursa carry the latest week after İzmir ends (15 members)', async () => {
    const { items } = await get('/index/history');
    expect(week(items, '2026-33')).toMatchObject({ value: 1951.01, member_count: 15 });
    expect(week(items, '2026-34')).toMatchObject({ value: 1902.23, member_count: 15 });
    expect(week(items, '2026-34').value).toBeCloseTo(1951.0105 * 0.974997, 1);
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
      previous_value: week(history.items, '2026-33').value,
      change: expect.any(Number),
    });
    expect(body.latest.week).toBe('2026-34');
    expect(body.latest).toMatchObject({ value: 1902.23, previous_value: 1951.01, change: -0.025 });
    expect(body.latest.change).toBeCloseTo(0.974997 - 1, 4);
    // Closed: the week ended before the build day; Bursa's archive ends on 2026-08-22.
    expect(body.latest.week_end < inject('today')).toBe(true);
    expect(body).toMatchObject({
      dataDate: '2026-08-22',
      freshness: 'stale',
      isStale: true,
      warnings: ['data_stale', 'static_archive'],
    });
    expect(body.index).toEqual({
      slug: 'ulusal',
      name: 'Ulusal Hal Sepeti Endeksi',
      method: 'chained-jevons-matched-median',
      source: 'adana,ankara,antalya,bursa,istanbul-ibb,izmir',
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
    expect(municipal.map((m: any) => m.slug)).toEqual(['adana', 'ankara', 'antalya', 'bursa', 'istanbul', 'izmir']);
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
    // Antalya's tables price at most 8 of the 15 members in a week: defined, never a week with a value.
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
    // Adana, which Bursa's weeks overlap, carries the series past İzmir's last week (2026-30).
    expect((await get('/index/history?from=2026-07-20')).items.map((i: any) => i.week)).toEqual([
      '2026-30',
      '2026-31',
      '2026-32',
      '2026-33',
      '2026-34',
    ]);
    expect((await get('/index/history?to=2014-01-06')).items.map((i: any) => i.week)).toEqual(['2014-01', '2014-02']);
  });

  it('range: weeks overlapping the days ending today; from/to win over range', async () => {
    // The worker's today is the day of the request (Europe/Istanbul), not the build day.
    const today = istanbulDay(new Date());
    const days = 200;
    const r = await get(`/index/history?range=${days}d`);
    expect(r.meta).toEqual({ count: r.items.length, from: addDays(today, 1 - days), to: today });
    expect(r.items[0].week).toBe(isoWeek(addDays(today, 1 - days)).week); // 2026-19: within İzmir's data
    expect(r.items.at(-1).week).toBe('2026-34');
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
   * Real = nominal × CPI(base week's month) / CPI(week's month), CPI = TÜİK TÜFE 2003=100, the
   * monthly levels of its table in data/cpi/. Base week 2014-01: its Thursday is 2 Jan 2014,
   * January 2014 = 233.54. Week 2023-52: Thursday 28 Dec 2023, December 2023 = 1859.38:
   * 776.41 × 233.54 / 1859.38 = 97.52. The table ends with October 2025: the last week with a real
   * value is 2025-44 (Thursday 30 Oct), 1438.02 × 233.54 / 3453.09 = 97.26; 2025-45 has none.
   */
  it('series=real: the CPI-deflated series beside the nominal, hand-checked at 2023-52 and 2025-44', async () => {
    const real = await get('/index/history?series=real');
    served.api.expectValid('/index/history', real);
    expect(real.items[0]).toEqual({
      week: '2014-01',
      week_start: '2013-12-30',
      week_end: '2014-01-05',
      value: 100,
      member_count: 15,
    });
    expect(week(real.items, '2023-52')).toEqual({
      week: '2023-52',
      week_start: '2023-12-25',
      week_end: '2023-12-31',
      value: 97.52,
      member_count: 15,
    });
    expect(real.items.at(-1)).toEqual({
      week: '2025-44',
      week_start: '2025-10-27',
      week_end: '2025-11-02',
      value: 97.26,
      member_count: 15,
    });
    expect(real.index.source).toBe('adana,ankara,antalya,bursa,istanbul-ibb,izmir,tuik-tufe-2003-100');
    expect(real.attribution).toContain('TÜİK');
    // Its freshness is that of its own last week: Antalya's Sunday row.
    expect(real.dataDate).toBe('2025-11-02');
    // Within one month the deflator is the same: real/nominal is constant.
    const nominal = (await get('/index/history')).items;
    expect(week(real.items, '2014-02').value).toBe(week(nominal, '2014-02').value);
    expect((await get('/index/history?series=real&from=2025-10-01')).items.map((i: any) => i.week)).toEqual([
      '2025-40',
      '2025-41',
      '2025-42',
      '2025-43',
      '2025-44',
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
    const antalya = await client()('/api/v1/index/antalya');
    expectErrorBody(antalya, 409, 'INDEX_NOT_PUBLISHED');
    expect(antalya.json().error.details).toMatchObject({ slug: 'antalya', weeks: 0 });
    // Mersin has a market in the catalogue but no rows: no definition.
    expectErrorBody(await client()('/api/v1/index/mersin'), 404, 'NOT_FOUND');
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

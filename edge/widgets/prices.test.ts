import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { LatestItemT as LatestItem } from '../../schemas/latest.ts';
import { basisOf, pricesPage, pricesRequest, type Answered } from './prices.ts';

const item = (slug: string, over: Partial<LatestItem> = {}): LatestItem => ({
  slug,
  name: slug,
  category: 'sebze',
  unit: 'kg',
  observed_date: '2026-08-20',
  min: 10,
  max: 20,
  median: 15,
  market_count: 1,
  freshness: 'fresh',
  isStale: false,
  warnings: [],
  ...over,
});
const answer = (items: LatestItem[], text?: string): Answered => ({
  ...(text ? { asked: { text, slug: text } } : {}),
  body: { items, attribution: 'Kaynak: Test' },
});
const request = (query: string) => pricesRequest(new URLSearchParams(query));

describe('price widget page', () => {
  it('names the market of a one-market price and says median and count for several', () => {
    const names = { 'domates-genel': 'İzmir Sebze ve Meyve Toptancı Hali' };
    expect(basisOf(item('domates-genel'), names)).toBe('İzmir Sebze ve Meyve Toptancı Hali fiyatı');
    expect(basisOf(item('biber-sivri', { market_count: 3 }), names)).toBe('Medyan · 3 hal');
    const $ = load(
      pricesPage(
        request(''),
        [answer([item('domates-genel'), item('biber-sivri', { market_count: 3 })])],
        names,
        'light',
      ),
    );
    // the same data day: more markets first
    expect(
      $('.basis')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(['Medyan · 3 hal', 'İzmir Sebze ve Meyve Toptancı Hali fiyatı']);
    expect($('body').text()).not.toContain('Ulusal medyan');
  });

  it('says how many chosen variants did not fit the limit', () => {
    const family = Array.from({ length: 53 }, (_, i) => item(`elma-${String(i).padStart(2, '0')}`));
    const $ = load(pricesPage(request('slugs=elma'), [answer(family, 'elma')], {}, 'light'));
    expect($('tbody tr')).toHaveLength(50);
    expect($('.notes').text()).toBe('53 üründen 50 tanesi gösteriliyor; 3 ürün sığmadı.');
    const fits = load(pricesPage(request('slugs=elma'), [answer(family.slice(0, 50), 'elma')], {}, 'light'));
    expect(fits('.notes')).toHaveLength(0);
  });

  it('escapes everything that comes from the data or the query', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const q = new URLSearchParams({ slugs: `${evil},"><script>alert(2)</script>`, category: '"><b>x', theme: '"><i>' });
    const names = { 'a-b': `</td>${evil}` };
    const [first, second] = pricesRequest(q).asked;
    const answers = [
      { asked: first, body: { items: [item('a-b', { name: evil, unit: '<u>kg</u>' })], attribution: evil } },
      { asked: second, body: null },
    ];
    const html = pricesPage(pricesRequest(q), answers, names, 'dark');
    const $ = load(html);
    expect($('img, script:not(body > script), b, i, u')).toHaveLength(0);
    expect($('script')).toHaveLength(1);
    expect($('.name').text()).toBe(evil);
    expect($('.basis').text()).toBe(`</td>${evil} fiyatı`);
    expect($('h1').text()).toBe('Hal fiyatları · b-x');
    expect($('.notes').text()).toBe('Bulunamayan ürün: "><script>alert(2)</script>.');
    expect($('.attribution .source').text()).toBe(evil);
  });

  it('keeps the parameter rules: limit 1–50 (default 10, 50 with slugs), at most 20 folded slugs', () => {
    expect(request('').limit).toBe(10);
    expect(request('limit=0').limit).toBe(10);
    expect(request('limit=abc').limit).toBe(10);
    expect(request('limit=10000').limit).toBe(50);
    expect(request('slugs=domates').limit).toBe(50);
    expect(request('slugs=domates&limit=3').limit).toBe(3);
    expect(request(`slugs=${encodeURIComponent('Domates-Genel, BİBER-SİVRİ ,domates-genel,,%%')}`).asked).toEqual([
      { text: 'Domates-Genel', slug: 'domates-genel' },
      { text: 'BİBER-SİVRİ', slug: 'biber-sivri' },
      { text: '%%', slug: '' },
    ]);
    const many = request(`slugs=${Array.from({ length: 25 }, (_, i) => `urun-${i}`).join(',')}`);
    expect([many.asked.length, many.tooMany]).toEqual([20, true]);
  });
});

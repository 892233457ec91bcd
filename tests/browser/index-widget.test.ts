/**
 * The weekly index widget (/widgets/index) in headless Chromium over the real build. The test
 * asks the API first and expects the widget to render exactly that answer: the latest week's
 * value, its change against the week before and a sparkline of the last 12 weeks when the index
 * is published; "Endeks henüz yayımlanmadı." when /index/latest says `latest: null`; a Turkish
 * page with a retry link when the data cannot be read.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import { indexView, widgetSummary } from './in-page.ts';
import {
  api,
  expectSound,
  FRESHNESS_WORDS,
  open,
  screenshot,
  startHarness,
  THEMES,
  trDay,
  trNumber,
  WIDTHS,
  type ApiReply,
  type Harness,
  type Loaded,
} from './support.ts';

type Week = { week: string; week_start: string; week_end: string; value: number; member_count: number };
const WEEKS = 12;
const LATEST = '/api/v1/index/latest';

/** Relative luminance contrast of two rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)!
      .map(Number)
      .map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe('weekly index widget', () => {
  let h: Harness;
  let latest: ApiReply;
  let published = false;
  /** The weeks the sparkline must draw: the whole series up to the latest week, its last 12. */
  let weeks: Week[] = [];

  beforeAll(async () => {
    h = await startHarness();
    latest = await api(h, LATEST);
    expect(latest.status, JSON.stringify(latest.body).slice(0, 300)).toBe(200);
    published = latest.body.latest !== null;
    if (published) {
      const history = await api(h, '/api/v1/index/history');
      expect(history.status).toBe(200);
      weeks = (history.body.items as Week[])
        .filter((w) => w.week_start <= latest.body.latest.week_start)
        .sort((a, b) => (a.week_start < b.week_start ? -1 : 1))
        .slice(-WEEKS);
    }
  });
  afterAll(async () => h?.close());

  async function expectUnpublished(loaded: Loaded, body: any): Promise<void> {
    const summary = await loaded.page.evaluate(widgetSummary);
    const view = await loaded.page.evaluate(indexView);
    expect(summary.state).toBe('unpublished');
    expect(view.unpublished).toBe('Endeks henüz yayımlanmadı.');
    expect(summary.title).toBe(body?.index?.name ?? 'Haftalık hal fiyat endeksi');
    expect(view.value).toBeNull();
    expect(view.sparkPoints).toBe(0);
    expect(summary.attribution).toBe(body?.attribution ?? null);
    expect(summary.footerLink).toBe('/api-policy');
  }

  async function expectPublished(loaded: Loaded): Promise<void> {
    const body = latest.body;
    const week = body.latest;
    const summary = await loaded.page.evaluate(widgetSummary);
    const view = await loaded.page.evaluate(indexView);
    expect(summary.state).toBe('ready');
    expect(summary.title).toBe(body.index.name);
    expect(Math.abs(trNumber(view.value!) - week.value), `value "${view.value}" for ${week.value}`).toBeLessThanOrEqual(
      0.005 + 1e-9,
    );
    if (week.change === null) {
      expect(view.change).toBe('önceki haftayla karşılaştırma yok');
    } else {
      expect(Number(view.changeData)).toBe(week.change);
      expect(view.change).toContain(week.change > 0 ? '▲' : week.change < 0 ? '▼' : '■');
      expect(view.change).toContain('önceki haftaya göre');
      expect(
        Math.abs(trNumber(view.change!) - week.change * 100),
        `change "${view.change}" for ${week.change}`,
      ).toBeLessThanOrEqual(0.05 + 1e-9);
    }
    if (week.previous_value === null) expect(view.previous).toBeNull();
    else expect(Math.abs(trNumber(view.previous!) - week.previous_value)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(view.week).toBe(`Hafta ${week.week}`);
    expect(view.weekLine).toContain(`${trDay(week.week_start)} – ${trDay(week.week_end)}`);
    expect(view.weekLine).toContain(`${week.member_count} ürün`);
    expect(view.freshness).toBe(body.freshness);
    expect(view.mark).toBe(FRESHNESS_WORDS[body.freshness]);
    if (weeks.length >= 2) {
      expect(view.sparkWeeks).toBe(weeks.map((w) => w.week).join(','));
      expect(view.sparkValues!.split(',').map(Number)).toEqual(weeks.map((w) => w.value));
      expect(view.sparkPoints).toBe(weeks.length);
      expect(weeks.at(-1)!.week).toBe(week.week);
      expect(view.sparkLabel).toMatch(new RegExp(`^Son ${weeks.length} haftanın endeks değerleri`));
      expect(view.sparkWidth).toBeGreaterThan(100);
      // a graphic needs 3:1 against its background (WCAG 1.4.11)
      expect(contrast(view.sparkStroke!, summary.background)).toBeGreaterThanOrEqual(3);
    } else {
      expect(view.noSpark).toBe('Eğri için yeterli hafta yok.');
    }
    expect(summary.attribution).toBe(body.attribution);
  }

  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`renders what /index/latest answers (${theme}, ${width} px)`, async () => {
        const loaded = await open(h, `/widgets/index?theme=${theme}`, width);
        const summary = await loaded.page.evaluate(widgetSummary);
        expect(summary.theme).toBe(theme);
        expect(summary.text.length).toBeGreaterThan(30);
        if (published) await expectPublished(loaded);
        else await expectUnpublished(loaded, latest.body);
        // one view, one request: the page with its data in it
        expect(loaded.requests).toEqual([`/widgets/index?theme=${theme}`]);
        await expectSound(loaded, `index ${theme} ${width}`);
        await screenshot(loaded.page, `index-${theme}-${width}.png`);
        await loaded.close();
      });
    }
  }

  it('an unknown theme is the light theme', async () => {
    const loaded = await open(h, '/widgets/index?theme=sepia', 280);
    const summary = await loaded.page.evaluate(widgetSummary);
    expect(summary.theme).toBe('light');
    expect(summary.background).toBe('rgb(255, 255, 255)');
    expect(['ready', 'unpublished']).toContain(summary.state);
    await expectSound(loaded, 'index theme=sepia');
    await loaded.close();
  });

  // Another publication than the suite's build: its index has no closed week yet, and its
  // latest-markets object cannot be read (the bucket answers 500).
  it('says "Endeks henüz yayımlanmadı." for latest: null, and a Turkish page with a retry link when the data cannot be read (dark, 280 px)', async () => {
    const dist = distOrigin(inject('distDir'));
    const other = await startHarness(async (request) => {
      const key = new URL(request.url).pathname.slice(1);
      if (key === 'api/v1/index/latest.json')
        return new Response(JSON.stringify({ ...latest.body, latest: null }), {
          headers: { etag: '"unpublished"', 'content-type': 'application/json; charset=utf-8' },
        });
      if (key === 'api/v1/_meta/latest-markets.json') return new Response('bucket error', { status: 500 });
      return dist(request);
    });
    try {
      const unpublished = await open(other, '/widgets/index?theme=dark', 280);
      await expectUnpublished(unpublished, { ...latest.body, latest: null });
      await expectSound(unpublished, 'index latest null');
      await screenshot(unpublished.page, 'index-unpublished-dark-280.png');
      await unpublished.close();

      const failed = await open(other, '/widgets/prices?theme=dark', 280, {
        status: 503,
        failedLoads: ['/widgets/prices'],
      });
      expect(failed.response!.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(failed.response!.headers()['cache-control']).toBe('no-store');
      const summary = await failed.page.evaluate(widgetSummary);
      expect(summary.state).toBe('error');
      expect(summary.theme).toBe('dark');
      expect(summary.status).toBe('Fiyatlar şu an yüklenemedi. Lütfen biraz sonra yeniden deneyin. Yeniden dene');
      expect(summary.retry).toBe('/widgets/prices?theme=dark');
      await expectSound(failed, 'prices origin error');
      await screenshot(failed.page, 'prices-unavailable-dark-280.png');
      await failed.close();
    } finally {
      await other.close();
    }
  });
});

/**
 * The weekly index widget (/widgets/index) in headless Chromium over the real build. The test
 * asks the API first and expects the widget to render exactly that answer: the latest week's
 * value, its change against the week before and a sparkline of the last 12 weeks when the index
 * is published; "Endeks henüz yayımlanmadı." when /index/latest answers 404 or `latest: null`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexView, widgetSummary } from './in-page.ts';
import { api, expectSound, FRESHNESS_WORDS, open, screenshot, startHarness, THEMES, trDay, trNumber, WIDTHS, type ApiReply, type Harness, type Loaded } from './support.ts';

type Week = { week: string; week_start: string; week_end: string; value: number; member_count: number };
const WEEKS = 12;
const LATEST = '/api/v1/index/latest';

/** Relative luminance contrast of two rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g)!.map(Number).map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
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
    // 404 (not built yet) or 200; anything else is a broken publication the widget cannot fix.
    expect([200, 404], JSON.stringify(latest.body).slice(0, 300)).toContain(latest.status);
    published = latest.status === 200 && latest.body.latest !== null;
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

  const failedLoads = () => (latest.status === 404 ? [LATEST] : []);

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
    expect(Math.abs(trNumber(view.value!) - week.value), `value "${view.value}" for ${week.value}`).toBeLessThanOrEqual(0.005 + 1e-9);
    if (week.change === null) {
      expect(view.change).toBe('önceki haftayla karşılaştırma yok');
    } else {
      expect(Number(view.changeData)).toBe(week.change);
      expect(view.change).toContain(week.change > 0 ? '▲' : week.change < 0 ? '▼' : '■');
      expect(view.change).toContain('önceki haftaya göre');
      expect(Math.abs(trNumber(view.change!) - week.change * 100), `change "${view.change}" for ${week.change}`).toBeLessThanOrEqual(0.05 + 1e-9);
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
        const loaded = await open(h, `/widgets/index?theme=${theme}`, width, { failedLoads: failedLoads() });
        const summary = await loaded.page.evaluate(widgetSummary);
        expect(summary.theme).toBe(theme);
        expect(summary.text.length).toBeGreaterThan(30);
        if (published) await expectPublished(loaded);
        else await expectUnpublished(loaded, latest.status === 200 ? latest.body : null);
        // the latest week, then (published) one read of its recent weeks
        const calls = loaded.requests.filter((r) => r.startsWith('/api/'));
        expect(calls[0]).toBe(LATEST);
        expect(calls.length).toBe(published ? 2 : 1);
        if (published) expect(calls[1]).toMatch(/^\/api\/v1\/index\/history\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
        await expectSound(loaded, `index ${theme} ${width}`);
        await screenshot(loaded.page, `index-${theme}-${width}.png`);
        await loaded.close();
      });
    }
  }

  it('an unknown theme is the light theme', async () => {
    const loaded = await open(h, '/widgets/index?theme=sepia', 280, { failedLoads: failedLoads() });
    const summary = await loaded.page.evaluate(widgetSummary);
    expect(summary.theme).toBe('light');
    expect(summary.background).toBe('rgb(255, 255, 255)');
    expect(['ready', 'unpublished']).toContain(summary.state);
    await expectSound(loaded, 'index theme=sepia');
    await loaded.close();
  });

  // The other answer than the build gives, simulated in the browser: the unpublished states
  // must read the same whichever way the API says "not yet" (404, or 200 with latest: null).
  it('says "Endeks henüz yayımlanmadı." for a 404 and for latest: null (simulated answers, dark, 280 px)', async () => {
    const notFound = await open(h, '/widgets/index?theme=dark', 280, {
      failedLoads: [LATEST],
      prepare: (page) => page.route(`**${LATEST}`, (route) => route.fulfill({ status: 404, contentType: 'application/json; charset=utf-8', body: '{"code":"NOT_FOUND"}' })),
    });
    await expectUnpublished(notFound, null);
    await expectSound(notFound, 'index 404');
    await screenshot(notFound.page, 'index-unpublished-404-dark-280.png');
    await notFound.close();
    if (latest.status !== 200) return;
    const empty = { ...latest.body, latest: null };
    const nullLatest = await open(h, '/widgets/index?theme=dark', 280, {
      prepare: (page) => page.route(`**${LATEST}`, (route) => route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(empty) })),
    });
    await expectUnpublished(nullLatest, empty);
    await expectSound(nullLatest, 'index latest null');
    await screenshot(nullLatest.page, 'index-unpublished-null-dark-280.png');
    await nullLatest.close();
  });
});

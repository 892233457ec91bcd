/**
 * The widgets in another site's page (its own origin), embedded with the snippets of /widgets
 * exactly as given, with and without the height script: one request per widget and none to the
 * API, and the attribution inside each frame's visible box at a phone's width and a desktop's.
 */
import type { ElementHandle, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameView } from './in-page.ts';
import { open, screenshot, startEmbedder, startHarness, visitor, type Harness } from './support.ts';

type Snippets = { prices: string; index: string; height: string };
type Embedded = { frame: Frame; element: ElementHandle; src: string; snippetHeight: number };

describe('widgets embedded with the snippets of /widgets', () => {
  let h: Harness;
  let embedder: Awaited<ReturnType<typeof startEmbedder>>;
  let snippets: Snippets;
  beforeAll(async () => {
    h = await startHarness();
    embedder = await startEmbedder();
    const listing = await open(h, '/widgets', 800, { ready: 'main' });
    const [prices, index, height] = await listing.page.locator('pre code').allTextContents();
    await listing.close();
    snippets = { prices: prices!, index: index!, height: height! };
  });
  afterAll(async () => {
    await embedder?.close();
    await h?.close();
  });

  /** The embedding page at a width, each widget's frame once it has its state, and the requests the worker got. */
  async function embed(iframes: string[], script: boolean, width: number) {
    embedder.set(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bir blog</title></head>
<body><h1>Bugünün hal fiyatları</h1>${iframes.join('\n')}${script ? snippets.height : ''}<p>Yazının devamı.</p></body></html>`);
    const context = await visitor(h);
    const page = await context.newPage();
    // tall enough that no lazy frame waits for a scroll
    await page.setViewportSize({ width, height: 4000 });
    const requests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === h.origin) requests.push(url.pathname + url.search);
    });
    await page.goto(embedder.url, { waitUntil: 'load' });
    const frames: Embedded[] = [];
    for (const element of await page.$$('iframe')) {
      const frame = (await element.contentFrame())!;
      await frame.waitForSelector('main[data-state]', { timeout: 15_000 });
      const src = (await element.getAttribute('src'))!;
      frames.push({
        frame,
        element,
        src: new URL(src).pathname + new URL(src).search,
        snippetHeight: Number(await element.getAttribute('height')),
      });
    }
    return { page, context, requests, frames };
  }

  /** The frame's visible box is its iframe's box on the page; the attribution is inside it. */
  async function expectAttributionVisible({ frame, element }: Embedded, what: string) {
    const view = await frame.evaluate(frameView);
    const box = (await element.boundingBox())!;
    expect(Math.abs(view.height - box.height), `${what}: the frame's viewport is its box`).toBeLessThanOrEqual(1);
    expect(view.attributionTop, `${what}: attribution top`).toBeGreaterThanOrEqual(0);
    expect(view.attributionBottom, `${what}: attribution bottom ≤ frame height ${view.height}`).toBeLessThanOrEqual(
      view.height + 0.5,
    );
    return view;
  }

  for (const script of [false, true]) {
    for (const width of [1280, 360]) {
      it(`one request per widget, none to the API, the attribution in view (${script ? 'with' : 'without'} the height script, ${width} px)`, async () => {
        const { page, context, requests, frames } = await embed([snippets.prices, snippets.index], script, width);
        expect(frames.map((f) => f.src)).toEqual([
          '/widgets/prices?limit=10&theme=light',
          '/widgets/index?theme=light',
        ]);
        expect(requests.sort()).toEqual(frames.map((f) => f.src).sort());
        for (const embedded of frames) {
          const what = `${embedded.src} at ${width} px`;
          if (script) {
            // the frame grows or shrinks to the widget's whole height: nothing scrolls inside
            await expect
              .poll(async () => Math.round((await embedded.element.boundingBox())!.height), { timeout: 5_000 })
              .toBe((await embedded.frame.evaluate(frameView)).natural);
            expect((await embedded.frame.evaluate(frameView)).scrolls, what).toBe(false);
          } else {
            expect((await embedded.element.boundingBox())!.height, what).toBe(embedded.snippetHeight);
          }
          await expectAttributionVisible(embedded, what);
        }
        await screenshot(page, `embed-${script ? 'script' : 'plain'}-${width}.png`);
        await context.close();
      });
    }
  }

  it('prices with limit=50: at the snippet height the list scrolls and the attribution stays in view; the script grows the frame to the whole list (360 px)', async () => {
    const fifty = snippets.prices.replace('limit=10', 'limit=50');
    for (const script of [false, true]) {
      const { context, requests, frames } = await embed([fifty], script, 360);
      const [embedded] = frames;
      expect(requests).toEqual(['/widgets/prices?limit=50&theme=light']);
      expect(await embedded!.frame.locator('tbody tr').count()).toBe(50);
      if (script) {
        await expect
          .poll(async () => Math.round((await embedded!.element.boundingBox())!.height), { timeout: 5_000 })
          .toBe((await embedded!.frame.evaluate(frameView)).natural);
      }
      const view = await expectAttributionVisible(embedded!, `limit=50 ${script ? 'with' : 'without'} the script`);
      expect(view.scrolls).toBe(!script);
      if (!script) expect(view.natural).toBeGreaterThan(3 * embedded!.snippetHeight);
      await context.close();
    }
  });

  it("the snippets' heights fit the widgets as given at their widest (the snippet's max-width): no inner scrolling, no more than 40 px to spare", async () => {
    const { context, frames } = await embed([snippets.prices, snippets.index], false, 1280);
    for (const embedded of frames) {
      const view = await embedded.frame.evaluate(frameView);
      console.log(
        `${embedded.src}: ${view.natural} px tall at ${view.width} px wide; snippet height ${embedded.snippetHeight}`,
      );
      expect(view.scrolls, embedded.src).toBe(false);
      expect(view.natural, embedded.src).toBeLessThanOrEqual(embedded.snippetHeight);
      expect(embedded.snippetHeight - view.natural, embedded.src).toBeLessThanOrEqual(40);
    }
    await context.close();
  });
});

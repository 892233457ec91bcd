/**
 * The browser tests' harness: the worker in workerd on a real port over the suite's build, and
 * Debian's chromium (/usr/bin/chromium) driven by playwright-core; a browser is never downloaded.
 * Every page load is a new browser context speaking from its own IP (`cf-connecting-ip` set with
 * `extraHTTPHeaders`; miniflare passes a client's header through), as separate visitors do: the
 * worker's per-IP limits then count one page load, not the whole file.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response as PageResponse } from 'playwright-core';
import { expect, inject } from 'vitest';
import { newIp, sharedWorker, type Served, startOwnWorker } from '../support/worker.ts';
import { a11yProblems, contrastProblems, layoutProblems } from './in-page.ts';

const CHROMIUM = '/usr/bin/chromium';
/** Screenshots land here (git-ignored; CI keeps them as artefacts). */
const ARTIFACTS = 'test-artifacts/browser';
export const WIDTHS = [280, 800] as const;
export const THEMES = ['light', 'dark'] as const;

export type Harness = { browser: Browser; worker: Served; origin: string; close(): Promise<void> };

/** `bucket`: what stands for the bucket (default: the suite's build as it is, served by the run's shared worker). */
export async function startHarness(bucket?: (request: Request) => Promise<Response>): Promise<Harness> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const own = bucket ? await startOwnWorker({ distDir: inject('distDir'), origin: bucket }) : null;
  const worker = own ?? sharedWorker();
  // launch() gives every run a fresh temporary profile (its own --user-data-dir).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const origin = worker.url.origin;
  return {
    browser,
    worker,
    origin,
    close: async () => {
      await browser.close();
      await own?.dispose();
    },
  };
}

export { newIp };

/** A browser context from a new IP address, in Turkish and the Istanbul time zone. */
export async function visitor(h: Harness, ip = newIp()): Promise<BrowserContext> {
  return h.browser.newContext({
    baseURL: h.origin,
    extraHTTPHeaders: { 'cf-connecting-ip': ip },
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  });
}

export type ApiReply = { status: number; headers: Headers; body: any };
/** The API as the test sees it (its own IP): what the widget should render. */
export async function api(h: Harness, path: string, headers: Record<string, string> = {}): Promise<ApiReply> {
  const response = await fetch(new URL(path, h.origin), {
    headers: { 'cf-connecting-ip': newIp(), ...headers },
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text };
}

export type Loaded = {
  page: Page;
  context: BrowserContext;
  response: PageResponse | null;
  problems: string[];
  requests: string[];
  close(): Promise<void>;
};

/**
 * Opens a page at a width, as a new visitor (own context and IP), and waits until it is ready (a
 * widget: its state in `data-state`). `problems` collects console errors, uncaught errors and
 * failed requests; answers the test expects to fail (a widget past its limit: `status` 429) are
 * named in `failedLoads`, and only Chromium's console line about them is let through. `ip` picks
 * the visitor's address (default: a new one).
 */
export async function open(
  h: Harness,
  path: string,
  width: number,
  options: { ready?: string; failedLoads?: string[]; ip?: string; status?: number } = {},
): Promise<Loaded> {
  const { ready = 'main[data-state]', failedLoads = [] } = options;
  const context = await visitor(h, options.ip);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 720 });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const at = m.location().url;
    if (
      /^Failed to load resource: the server responded with a status of \d{3}/.test(m.text()) &&
      failedLoads.some((p) => at.includes(p))
    )
      return;
    problems.push(`console error: ${m.text()} (${at})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(options.status ?? 200);
  await page.waitForSelector(ready, { timeout: 15_000 });
  return { page, context, response, problems, requests, close: () => context.close() };
}

/** The checks every rendered page must pass: nothing wider than the frame, readable contrast, labels, a quiet console. */
export async function expectSound(loaded: Loaded, what: string): Promise<void> {
  const { page } = loaded;
  const layout = await page.evaluate(layoutProblems);
  expect(layout.scrollWidth, `${what}: document.scrollWidth ≤ clientWidth`).toBeLessThanOrEqual(layout.clientWidth);
  expect(layout.offenders, `${what}: elements past the right edge`).toEqual([]);
  expect(await page.evaluate(contrastProblems), `${what}: text below WCAG AA contrast`).toEqual([]);
  expect(await page.evaluate(a11yProblems), `${what}: accessibility`).toEqual([]);
  expect(loaded.problems, `${what}: console`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS, name);
  // A full-page capture taken while scrolled paints frames at stale places: start from the top.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** "₺1.234,56" or "104,20" or "+%1,2" → 1234.56, 104.2, 1.2 (Turkish digits grouping and decimal comma). */
export function trNumber(text: string): number {
  const cleaned = text
    .replace(/[^\d,.\-−+]/g, '')
    .replace(/−/g, '-')
    .replace(/\./g, '')
    .replace(',', '.');
  return Number(cleaned);
}

export const trDay = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** The Turkish words of the freshness classes (the widget's marks). */
export const FRESHNESS_WORDS: Record<string, string> = {
  fresh: 'güncel',
  delayed: 'gecikmeli',
  stale: 'güncel değil',
  failed: 'güncel değil',
  unavailable: 'veri yok',
};

/** A page of another site (its own origin on 127.0.0.1) that embeds widgets, as a blog would: `set` gives its HTML. */
export async function startEmbedder(): Promise<{ url: string; set(html: string): void; close(): Promise<void> }> {
  let html = '';
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    set: (text) => (html = text),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

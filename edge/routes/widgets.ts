/**
 * GET /widgets/prices and /widgets/index: each widget page rendered here with its data in it
 * (edge/widgets/), read through the API's own route functions from the same objects, and re-aged
 * like the API's JSON when served on a later day than the build. One view is one response, which
 * the CDN keeps per URL; when the data cannot be shown, the page says so in Turkish.
 */
import { LATEST_MARKETS_PATH } from '../../core/objects.ts';
import { addDays } from '../../core/dates.ts';
import { HTML_TYPE } from '../../core/media-types.ts';
import { WIDGET_RATE_LIMIT, type WidgetSpec } from '../../core/routes.ts';
import { ager, agingCalendars } from '../answer/aging.ts';
import type { Answer, RouteContext } from '../answer/context.ts';
import { baseHeaders, setRateLimitHeaders, type RateLimitState } from '../answer/headers.ts';
import { etagOf } from '../../core/digest.ts';
import { missingFromBuild } from '../origin/object.ts';
import { themeOf, unavailablePage } from '../widgets/page.ts';
import { pricesPage, pricesRequest, type Answered, type LatestBody, type MarketNames } from '../widgets/prices.ts';
import { indexPage, WEEKS, type IndexLatestBody, type Week } from '../widgets/weekly-index.ts';
import { indexHistory, indexLatest } from './basket-index.ts';
import { latestPrices } from './latest.ts';

type Route = (ctx: RouteContext) => Promise<Answer>;
type Age = ((value: unknown) => boolean) | null;

/** An API route's answer to these parameters, in identity bytes (the page needs its text), parsed and re-aged. */
async function read<T>(ctx: RouteContext, route: Route, params: Record<string, string>, age: Age): Promise<T> {
  const { body } = await route({ ...ctx, params: new URLSearchParams(params), codings: [] });
  const text = typeof body === 'string' ? body : await new Response(body).text();
  const value = JSON.parse(text) as T;
  age?.(value);
  return value;
}

/** Served on a later day than the build: one re-ager for every answer of the page (edge/answer/aging.ts). */
async function agerOf(ctx: RouteContext): Promise<Age> {
  const calendars = await agingCalendars(ctx.origin, ctx.today);
  return calendars ? ager(calendars, ctx.today) : null;
}

async function marketNames(ctx: RouteContext): Promise<MarketNames> {
  const object = await ctx.origin.get(LATEST_MARKETS_PATH);
  if (!object) missingFromBuild(LATEST_MARKETS_PATH);
  return JSON.parse(await object.text()) as MarketNames;
}

async function page(text: string): Promise<Answer> {
  return { body: text, etag: await etagOf(text), contentType: HTML_TYPE };
}

/** The whole list or a category in one answer; or one answer per chosen product (a slug that folds to nothing is not found). */
async function pricesWidget(ctx: RouteContext): Promise<Answer> {
  const request = pricesRequest(ctx.params);
  const age = await agerOf(ctx);
  const category: Record<string, string> = request.category ? { category: request.category } : {};
  const answers: Promise<Answered>[] = request.asked.length
    ? request.asked.map(async (asked) => ({
        asked,
        body: asked.slug ? await read<LatestBody>(ctx, latestPrices, { product: asked.slug, ...category }, age) : null,
      }))
    : [read<LatestBody>(ctx, latestPrices, category, age).then((body) => ({ body }))];
  const [answered, names] = await Promise.all([Promise.all(answers), marketNames(ctx)]);
  return page(pricesPage(request, answered, names, themeOf(ctx.params)));
}

/** The latest week, then the weeks of its sparkline (the history's freshness is not shown, so not re-aged). */
async function indexWidget(ctx: RouteContext): Promise<Answer> {
  const body = await read<IndexLatestBody>(ctx, indexLatest, {}, await agerOf(ctx));
  const latest = body.latest;
  const weeks = latest
    ? (
        await read<{ items: Week[] }>(
          ctx,
          indexHistory,
          { from: addDays(latest.week_start, -7 * (WEEKS - 1)), to: latest.week_end },
          null,
        )
      ).items
    : [];
  return page(indexPage(body, weeks, themeOf(ctx.params)));
}

export const WIDGET_ROUTES: Record<WidgetSpec['widget'], Route> = { prices: pricesWidget, index: indexWidget };

/**
 * A widget past its limit (429, Retry-After) or without its data (503): a Turkish page with a
 * retry link to the same address, never cached.
 */
export function widgetUnavailable(
  widget: WidgetSpec,
  status: 429 | 503,
  url: URL,
  requestId: string,
  rate?: RateLimitState,
): Response {
  const headers = baseHeaders(requestId);
  headers.set('content-type', HTML_TYPE);
  headers.set('cache-control', 'no-store');
  if (rate) setRateLimitHeaders(headers, rate);
  if (status === 429) headers.set('retry-after', String(WIDGET_RATE_LIMIT.windowSeconds));
  return new Response(unavailablePage(widget.widget, status, themeOf(url.searchParams), url.pathname + url.search), {
    status,
    headers,
  });
}

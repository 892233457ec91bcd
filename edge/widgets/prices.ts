/**
 * The price-list widget (/widgets/prices) from /prices/latest answers: which answers a query
 * needs, how they merge into rows, and the page. Bad parameters fall back to defaults; what
 * was asked and not shown (unknown slugs, rows past the limit) is said under the list.
 */
import { PRICES_WIDGET_LIMITS } from '../../core/routes.ts';
import { slugify } from '../../core/turkish.ts';
import type { LatestItemT } from '../../schemas/latest.ts';
import { attributionLine, attributionOf, freshnessMark, freshnessOf, price, trDay } from './format.ts';
import { html, type Html } from './markup.ts';
import { widgetPage, WIDGET_TITLES, type Theme } from './page.ts';

const { default: DEFAULT_LIMIT, max: MAX_LIMIT, slugs: MAX_SLUGS } = PRICES_WIDGET_LIMITS;
const CATEGORY_NAMES: Record<string, string> = { sebze: 'Sebze', meyve: 'Meyve', balik: 'Balık ve deniz ürünleri' };

export type LatestBody = { items: LatestItemT[]; attribution: string };
/** One chosen product as written (`text`) and folded like the API folds it (`slug`, empty when nothing is left). */
type Asked = { text: string; slug: string };
export type PricesRequest = { category: string; categoryText: string; asked: Asked[]; tooMany: boolean; limit: number };
/** An answer and the chosen product it was asked for (none: the whole list or a category). */
export type Answered = { asked?: Asked; body: LatestBody | null };
/** The market of each item that comes from one market (variant slug → market name). */
export type MarketNames = Readonly<Record<string, string>>;

/** A whole number ≥ 1, at most MAX_LIMIT; anything else (0, -1, abc) is the default. */
function limitOf(value: string | null, fallback: number): number {
  const n = /^\s*\d+\s*$/.test(value ?? '') ? Number(value) : Number.NaN;
  return n >= 1 ? Math.min(n, MAX_LIMIT) : fallback;
}

/** The query as the widget understands it; nothing here can fail. */
export function pricesRequest(params: URLSearchParams): PricesRequest {
  const requested: (Asked & { key: string })[] = [];
  for (const piece of (params.get('slugs') ?? '').split(',')) {
    const text = piece.trim().slice(0, 80);
    const slug = slugify(text);
    const key = slug || text;
    if (text && !requested.some((r) => r.key === key)) requested.push({ text, slug, key });
  }
  const asked = requested.slice(0, MAX_SLUGS).map(({ text, slug }) => ({ text, slug }));
  return {
    category: slugify((params.get('category') ?? '').slice(0, 200)),
    categoryText: (params.get('category') ?? '').trim().slice(0, 40),
    asked,
    tooMany: requested.length > MAX_SLUGS,
    // With slugs and no limit every chosen product is shown (up to MAX_LIMIT rows).
    limit: limitOf(params.get('limit'), asked.length ? MAX_LIMIT : DEFAULT_LIMIT),
  };
}

/** Newest data day first, then more markets; otherwise the API's order (stable sort). */
const newestFirst = (a: LatestItemT, b: LatestItemT) =>
  a.observed_date === b.observed_date
    ? (b.market_count || 0) - (a.market_count || 0)
    : a.observed_date < b.observed_date
      ? 1
      : -1;

/** Answers in the order asked, each newest first, each product once; and the chosen products nothing answered. */
function mergePrices(answers: readonly Answered[]): { rows: LatestItemT[]; missing: string[] } {
  const rows: LatestItemT[] = [];
  const seen = new Set<string>();
  const missing: string[] = [];
  for (const { asked, body } of answers) {
    const items = body ? [...body.items].sort(newestFirst) : [];
    if (asked && !items.length) missing.push(asked.text);
    for (const item of items) {
      if (seen.has(item.slug)) continue;
      seen.add(item.slug);
      rows.push(item);
    }
  }
  return { rows, missing };
}

/** What the price is: one market's (named), or the median of several. */
export function basisOf(item: LatestItemT, names: MarketNames): string {
  if (item.market_count === 1) return `${names[item.slug] ?? 'Tek hal'} fiyatı`;
  return `Medyan · ${item.market_count} hal`;
}

function priceRow(item: LatestItemT, names: MarketNames): Html {
  return html`<tr data-slug="${item.slug}"><th scope="row"><span class="name">${item.name}</span><span class="detail"><span class="unit">${item.unit}</span> · <span class="basis" data-markets="${item.market_count}">${basisOf(item, names)}</span> · <span class="sr-only">veri günü </span><time class="day" datetime="${item.observed_date}">${trDay(item.observed_date)}</time>${freshnessMark(item)}</span></th><td class="price"><span class="median" data-value="${item.median ?? ''}">${price(item.median)}</span><span class="range" data-min="${item.min ?? ''}" data-max="${item.max ?? ''}"><span class="sr-only">en düşük ve en yüksek: </span>${price(item.min)} – ${price(item.max)}</span></td></tr>
`;
}

function priceTable(rows: readonly LatestItemT[], names: MarketNames): Html {
  return html`<table class="prices">
<caption class="sr-only">Ürünlerin son fiyatı (tek halden gelende o halin fiyatı, birden çok halden gelende medyanı), en düşük ve en yüksek fiyatı, veri günü ve güncelliği</caption>
<thead><tr><th scope="col">Ürün</th><th scope="col" class="price">Fiyat</th></tr></thead>
<tbody>
${rows.map((row) => priceRow(row, names))}</tbody>
</table>`;
}

/** A clear word when rows are not current: all of them, some of them, or only delayed. */
function freshnessNotice(rows: readonly LatestItemT[]): Html | null {
  const classes = rows.map(freshnessOf);
  const old = classes.filter((c) => c === 'stale' || c === 'failed' || c === 'unavailable').length;
  const newest = rows
    .map((r) => r.observed_date)
    .sort()
    .pop();
  let text: string | null = null;
  if (old && old === rows.length) text = `Bu fiyatlar güncel değil. En yeni veri günü: ${trDay(newest)}.`;
  else if (old) text = 'Bazı fiyatlar güncel değil; satırlardaki işarete bakın.';
  else if (classes.includes('delayed')) text = 'Bazı kaynaklar gecikmeli; fiyatlar yayımlanan son listeden.';
  return text === null
    ? null
    : html`<p class="notice" role="note" data-notice="${old === rows.length ? 'all' : old ? 'some' : 'delayed'}">${text}</p>`;
}

/** Under the list: chosen products that were not found, too many slugs, rows that did not fit the limit. */
function notesOf(request: PricesRequest, missing: readonly string[], total: number, shown: number): string[] {
  const notes: string[] = [];
  if (missing.length) notes.push(`Bulunamayan ürün: ${missing.join(', ')}.`);
  if (request.tooMany) notes.push(`En fazla ${MAX_SLUGS} ürün seçilebilir; fazlası gösterilmedi.`);
  if (request.asked.length && total > shown)
    notes.push(`${total} üründen ${shown} tanesi gösteriliyor; ${total - shown} ürün sığmadı.`);
  return notes;
}

export function pricesPage(
  request: PricesRequest,
  answers: readonly Answered[],
  names: MarketNames,
  theme: Theme,
): string {
  const { rows, missing } = mergePrices(answers);
  const shown = rows.slice(0, request.limit);
  const notes = notesOf(request, missing, rows.length, shown.length);
  const noteLine = notes.length ? html`<p class="notes">${notes.join(' ')}</p>` : null;
  const category = request.category ? (CATEGORY_NAMES[request.category] ?? request.category) : null;
  const title = category ? `${WIDGET_TITLES.prices} · ${category}` : WIDGET_TITLES.prices;
  const sub = html`<p class="sub">Son hal fiyatları, Türk lirası</p>`;
  if (!shown.length) {
    const why = request.asked.length
      ? 'Seçilen ürünler için fiyat bulunamadı.'
      : request.category
        ? `“${request.categoryText}” kategorisinde fiyat bulunamadı.`
        : 'Şu an gösterilecek fiyat yok.';
    const content = html`${sub}<p class="status" role="status">${why}</p>`;
    return widgetPage({
      widget: 'prices',
      state: 'empty',
      theme,
      title,
      content,
      foot: [noteLine, attributionLine('')],
    });
  }
  const slugs = new Set(shown.map((s) => s.slug));
  const sources = answers.flatMap((a) =>
    a.body && a.body.items.some((i) => slugs.has(i.slug)) ? [a.body.attribution] : [],
  );
  const content = html`${sub}
${freshnessNotice(shown)}
${priceTable(shown, names)}
<p class="legend">Tek halden gelen fiyatın yanında o halin adı, birden çok halden gelenin yanında “Medyan” ve hal sayısı yazar; altında en düşük ve en yüksek fiyat. Tarih, fiyatın ait olduğu gündür.</p>`;
  return widgetPage({
    widget: 'prices',
    state: 'ready',
    theme,
    title,
    content,
    foot: [noteLine, attributionLine(attributionOf(sources))],
  });
}

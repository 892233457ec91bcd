/**
 * The weekly index widget (/widgets/index) from /index/latest and the last weeks of
 * /index/history: the latest closed week's value, its change, the week before, a sparkline;
 * "Endeks henüz yayımlanmadı." while no closed week has a value.
 */
import { attributionLine, decimal, freshnessMark, isNumber, percent, trDay, type Freshness } from './format.ts';
import { html, type Html } from './markup.ts';
import { widgetPage, WIDGET_TITLES, type Theme } from './page.ts';

export const WEEKS = 12;

export type Week = { week: string; week_start: string; week_end: string; value: number; member_count?: number };
type LatestWeek = Week & { member_count: number; previous_value: number | null; change: number | null };
export type IndexLatestBody = Freshness & {
  index?: { name?: string; base_week?: string | null; base_value?: number | null };
  latest: LatestWeek | null;
  attribution?: string;
};

/** The last WEEKS weeks with a value up to the latest one, oldest first. */
function recentWeeks(latest: LatestWeek, history: readonly Week[]): Week[] {
  return history
    .filter((w) => w.week_start <= latest.week_start && isNumber(w.value))
    .sort((a, b) => (a.week_start < b.week_start ? -1 : 1))
    .slice(-WEEKS);
}

function sparkline(points: readonly Week[]): Html {
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const W = 120;
  const H = 32;
  const x = (i: number) => 2 + (i * (W - 4)) / (points.length - 1);
  const y = (v: number) => (max === min ? H / 2 : 3 + ((max - v) * (H - 6)) / (max - min));
  const label = `Son ${points.length} haftanın endeks değerleri: en düşük ${decimal(min)}, en yüksek ${decimal(max)}, son ${decimal(values[values.length - 1]!)}`;
  const line = values.map((v, i) => `${x(i).toFixed(2)},${y(v).toFixed(2)}`).join(' ');
  return html`<svg class="spark" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="${label}" data-weeks="${points.map((p) => p.week).join(',')}" data-values="${values.join(',')}"><polyline points="${line}" vector-effect="non-scaling-stroke"/></svg>`;
}

function changeLine(change: number | null): Html {
  if (!isNumber(change)) return html`<span class="change" data-change="">önceki haftayla karşılaştırma yok</span>`;
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '■';
  return html`<span class="change" data-change="${change}"><span class="pct"><span aria-hidden="true">${arrow} </span>${percent(change)}</span> önceki haftaya göre</span>`;
}

function published(body: IndexLatestBody, latest: LatestWeek, weeks: readonly Week[]): Html {
  const index = body.index ?? {};
  return html`<p class="sub">Haftalık sepet endeksi</p>
<p class="index-value"><span class="sr-only">Endeks değeri: </span><span class="value" data-value="${latest.value}">${decimal(latest.value)}</span>${changeLine(latest.change)}</p>
<p class="index-week"><span class="week" data-week="${latest.week}">Hafta ${latest.week}</span> · ${trDay(latest.week_start)} – ${trDay(latest.week_end)} · ${latest.member_count} ürün${freshnessMark(body)}</p>
${isNumber(latest.previous_value) ? html`<p class="index-week previous" data-value="${latest.previous_value}">Önceki hafta: ${decimal(latest.previous_value)}</p>` : null}
${weeks.length >= 2 ? sparkline(weeks) : html`<p class="index-week no-spark">Eğri için yeterli hafta yok.</p>`}
${isNumber(index.base_value) ? html`<p class="index-base">Baz: ${index.base_week ? `${index.base_week} haftası` : 'ilk hafta'} = ${decimal(index.base_value)}</p>` : null}`;
}

/** `history`: the weeks of /index/history around the latest week (unused while unpublished). */
export function indexPage(body: IndexLatestBody, history: readonly Week[], theme: Theme): string {
  const title = body.index?.name || WIDGET_TITLES.index;
  const foot = attributionLine(body.attribution ?? '');
  if (!body.latest) {
    const content = html`<p class="unpublished">Endeks henüz yayımlanmadı.</p>
<p class="muted">İlk hafta kapandığında endeks değeri, önceki haftaya göre değişim ve son haftaların eğrisi burada görünecek.</p>`;
    return widgetPage({ widget: 'index', state: 'unpublished', theme, title, content, foot });
  }
  const content = published(body, body.latest, recentWeeks(body.latest, history));
  return widgetPage({ widget: 'index', state: 'ready', theme, title, content, foot });
}

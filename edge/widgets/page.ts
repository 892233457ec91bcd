/**
 * A widget page: the whole document in one response (style inlined, no script or data fetched
 * afterwards), so one view of a widget is one request. The only script posts the widget's whole
 * height to an embedding page (its scrolling content unscrolled), so the snippet of /widgets can
 * size the iframe; the page reads the same without it.
 */
import type { WidgetSpec } from '../../core/routes.ts';
import { attributionLine } from './format.ts';
import { html, trusted, type Html, type Piece } from './markup.ts';
import { WIDGET_CSS } from './style.ts';

export type Theme = 'light' | 'dark';
export type WidgetKind = WidgetSpec['widget'];
/** The finished state in `<main data-state>`, for embedders and tests. */
type WidgetState = 'ready' | 'empty' | 'unpublished' | 'error';

/** theme=light|dark; anything else is light. */
export function themeOf(params: URLSearchParams): Theme {
  return (params.get('theme') ?? '').trim().toLowerCase() === 'dark' ? 'dark' : 'light';
}

const HEIGHT_SCRIPT = `(function () {
  if (window.parent === window) return;
  var main = document.getElementById('widget'), scroll = main.querySelector('.scroll');
  function post() {
    var height = Math.ceil(main.getBoundingClientRect().height + scroll.scrollHeight - scroll.clientHeight);
    window.parent.postMessage({ type: 'hal-api:widget-height', widget: main.dataset.widget, height: height }, '*');
  }
  post();
  addEventListener('load', post);
  addEventListener('resize', post);
})();`;

export type WidgetPage = {
  widget: WidgetKind;
  state: WidgetState;
  theme: Theme;
  title: string;
  content: Piece;
  foot: Piece;
};

/** `content` scrolls inside the frame; `foot` (notes, attribution) stays visible at its bottom. */
export function widgetPage(p: WidgetPage): string {
  return html`<!doctype html>
<html lang="tr" data-theme="${p.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${p.title} — hal-api</title>
<link rel="icon" href="data:,">
<style>${trusted(WIDGET_CSS)}</style>
</head>
<body>
<main id="widget" class="widget" data-widget="${p.widget}" data-state="${p.state}" aria-labelledby="widget-title">
<div class="scroll" tabindex="0">
<h1 id="widget-title">${p.title}</h1>
${p.content}
</div>
<div class="foot">
${p.foot}
</div>
</main>
<script>${trusted(HEIGHT_SCRIPT)}</script>
</body>
</html>
`.text;
}

export const WIDGET_TITLES: Record<WidgetKind, string> = {
  prices: 'Hal fiyatları',
  index: 'Haftalık hal fiyat endeksi',
};
const WHAT: Record<WidgetKind, string> = { prices: 'Fiyatlar', index: 'Endeks' };

/**
 * The page when the widget cannot show its data: past the widget limit (429) or when the data
 * cannot be read (503). Words and a retry link to the same address, never JSON or a spinner.
 */
export function unavailablePage(widget: WidgetKind, status: 429 | 503, theme: Theme, retryHref: string): string {
  const why =
    status === 429
      ? 'bu ağdan çok sayıda istek geldi. Lütfen bir dakika sonra yeniden deneyin.'
      : 'Lütfen biraz sonra yeniden deneyin.';
  const retry: Html = html`<a class="retry" href="${retryHref}">Yeniden dene</a>`;
  return widgetPage({
    widget,
    state: 'error',
    theme,
    title: WIDGET_TITLES[widget],
    content: html`<p class="status" role="status">${WHAT[widget]} şu an yüklenemedi${status === 429 ? ': ' : '. '}${why} ${retry}</p>`,
    foot: attributionLine(''),
  });
}

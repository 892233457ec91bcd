/**
 * Checks that run inside the page (page.evaluate): each function is self-contained, because
 * playwright sends its source text to the browser. The DOM is typed loosely here: the project's
 * TypeScript has no DOM library, and these few lines do not need one.
 */
declare const document: any;
declare const getComputedStyle: (element: any) => any;
declare const window: any;

/** The frame must not scroll sideways, and no visible element may reach past its right edge. */
export function layoutProblems(): { scrollWidth: number; clientWidth: number; offenders: string[] } {
  const root = document.documentElement;
  const clientWidth = root.clientWidth;
  const offenders: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.sr-only')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right > clientWidth + 0.5 || rect.left < -0.5) {
      offenders.push(
        `${el.tagName.toLowerCase()}.${String(el.className?.baseVal ?? el.className)} [${Math.round(rect.left)}, ${Math.round(rect.right)}] > ${clientWidth}`,
      );
    }
  }
  return {
    scrollWidth: Math.max(root.scrollWidth, document.body.scrollWidth),
    clientWidth,
    offenders: offenders.slice(0, 10),
  };
}

/**
 * WCAG 2 contrast of every visible piece of text against the background it is drawn on:
 * at least 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
 */
export function contrastProblems(): string[] {
  const parse = (c: string): number[] | null => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const parts = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0]!, parts[1]!, parts[2]!, parts.length > 3 ? parts[3]! : 1];
  };
  const luminance = (rgb: number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(rgb[0]!) + 0.7152 * f(rgb[1]!) + 0.0722 * f(rgb[2]!);
  };
  const background = (el: any): number[] => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3]! > 0) return c;
    }
    return [255, 255, 255, 1];
  };
  const problems: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const hasText = [...el.childNodes].some((n: any) => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!hasText || el.closest('.sr-only, noscript, script, style')) continue;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || rect.width < 2 || rect.height < 2) continue;
    const fg = parse(style.color);
    const bg = background(el);
    if (!fg) continue;
    if (fg[3]! < 1 || bg[3]! < 1) {
      problems.push(
        `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}": translucent colour ${style.color} on ${bg.join(',')}`,
      );
      continue;
    }
    const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    const ratio = (a! + 0.05) / (b! + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio < needed)
      problems.push(
        `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)} < ${needed}`,
      );
  }
  return problems;
}

/** Labels a screen reader needs: language, a named main region, captioned tables, named images, links, buttons and frames. */
export function a11yProblems(): string[] {
  const problems: string[] = [];
  if (document.documentElement.lang !== 'tr') problems.push(`html lang="${document.documentElement.lang}"`);
  if (!document.title.trim()) problems.push('no <title>');
  const main = document.querySelector('main');
  if (!main) problems.push('no <main>');
  const labelledBy = main?.getAttribute('aria-labelledby');
  if (labelledBy && !document.getElementById(labelledBy)?.textContent.trim())
    problems.push(`main labelled by empty #${labelledBy}`);
  if (!document.querySelector('h1')?.textContent.trim()) problems.push('no <h1> text');
  for (const table of document.querySelectorAll('table')) {
    if (!table.querySelector('caption')?.textContent.trim()) problems.push('table without caption');
    if (!table.querySelector('th')) problems.push('table without header cells');
  }
  for (const img of document.querySelectorAll('[role="img"], img, svg')) {
    if (img.closest('[aria-hidden="true"]')) continue;
    if (!(img.getAttribute('aria-label') || img.getAttribute('alt') || img.querySelector?.('title')))
      problems.push(`${img.tagName} without a text alternative`);
  }
  for (const el of document.querySelectorAll('a, button'))
    if (!el.textContent.trim() && !el.getAttribute('aria-label')) problems.push(`${el.tagName} without text`);
  for (const frame of document.querySelectorAll('iframe'))
    if (!frame.getAttribute('title')) problems.push(`iframe ${frame.getAttribute('src')} without title`);
  return problems;
}

/** The widget's final state as a reader sees it. */
export function widgetSummary() {
  const main = document.querySelector('main');
  return {
    state: main?.dataset.state ?? null,
    title: document.querySelector('h1')?.textContent ?? '',
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor as string,
    status: document.querySelector('main .status')?.textContent ?? null,
    retry: document.querySelector('main a.retry')?.getAttribute('href') ?? null,
    notice: document.querySelector('.notice')?.textContent ?? null,
    noticeKind: document.querySelector('.notice')?.dataset.notice ?? null,
    notes: document.querySelector('.notes')?.textContent ?? null,
    attribution: document.querySelector('.attribution .source')?.textContent ?? null,
    footerLink: document.querySelector('.attribution a')?.getAttribute('href') ?? null,
    text: (main?.innerText ?? '').trim() as string,
    height: main?.getBoundingClientRect().height ?? 0,
  };
}

/** The rows of the price list, value by value (text without the screen-reader prefixes). */
export function priceRows() {
  const ownText = (el: any) =>
    el
      ? [...el.childNodes]
          .filter((n: any) => n.nodeType === 3)
          .map((n: any) => n.textContent)
          .join('')
      : null;
  return [...document.querySelectorAll('table.prices tbody tr')].map((tr: any) => ({
    slug: tr.dataset.slug as string,
    name: tr.querySelector('.name')?.textContent as string,
    unit: tr.querySelector('.unit')?.textContent as string,
    basis: tr.querySelector('.basis')?.textContent as string,
    day: tr.querySelector('time.day')?.getAttribute('datetime') as string,
    dayText: tr.querySelector('time.day')?.textContent as string,
    freshness: (tr.querySelector('.mark')?.dataset.freshness ?? null) as string | null,
    mark: (tr.querySelector('.mark')?.textContent ?? null) as string | null,
    median: ownText(tr.querySelector('.median')) as string,
    range: ownText(tr.querySelector('.range')) as string,
  }));
}

/** The index widget's values. */
export function indexView() {
  const q = (s: string) => document.querySelector(s);
  const spark = q('svg.spark');
  const line = spark?.querySelector('polyline');
  return {
    value: q('.index-value .value')?.textContent ?? null,
    change: q('.index-value .change')?.textContent ?? null,
    changeData: q('.index-value .change')?.dataset.change ?? null,
    week: q('.index-week .week')?.textContent ?? null,
    weekLine: q('.index-week')?.textContent ?? null,
    previous: q('.previous')?.textContent ?? null,
    mark: q('.index-week .mark')?.textContent ?? null,
    freshness: q('.index-week .mark')?.dataset.freshness ?? null,
    noSpark: q('.no-spark')?.textContent ?? null,
    sparkWeeks: spark?.getAttribute('data-weeks') ?? null,
    sparkValues: spark?.getAttribute('data-values') ?? null,
    sparkLabel: spark?.getAttribute('aria-label') ?? null,
    sparkPoints: line ? line.getAttribute('points').trim().split(/\s+/).length : 0,
    sparkStroke: line ? (getComputedStyle(line).stroke as string) : null,
    sparkWidth: spark ? spark.getBoundingClientRect().width : 0,
    unpublished: q('.unpublished')?.textContent ?? null,
  };
}

/**
 * Inside a widget's frame: where its attribution is against the frame's visible box, and the
 * widget's whole height (its scrolling content unscrolled), which it posts to the embedding page.
 */
export function frameView() {
  const main = document.getElementById('widget');
  const scroll = main.querySelector('.scroll');
  const attribution = main.querySelector('.attribution').getBoundingClientRect();
  return {
    widget: main.dataset.widget as string,
    state: main.dataset.state as string,
    width: document.documentElement.clientWidth as number,
    height: window.innerHeight as number,
    attributionTop: attribution.top as number,
    attributionBottom: attribution.bottom as number,
    natural: Math.ceil(main.getBoundingClientRect().height + scroll.scrollHeight - scroll.clientHeight),
    scrolls: scroll.scrollHeight > scroll.clientHeight + 1,
  };
}

/*
 * hal-api widgets, no framework: the price list (/widgets/prices) and the weekly index
 * (/widgets/index). Each reads the API's precomputed JSON from its own origin when it is shown and
 * renders Turkish text with textContent only (nothing from the data is parsed as HTML). A widget
 * never leaves an empty frame: bad parameters fall back to defaults, and missing data or a failed
 * request is said in words. The page's <main id="widget" data-widget> names the widget; the
 * finished state is in its data-state (ready, empty, unpublished, error) for embedders and tests.
 * One file serves both widgets: every file more is one request more against a visitor's 60 a minute.
 */
(() => {
  'use strict';
  const API = '/api/v1';
  const params = new URLSearchParams(location.search);
  const root = document.getElementById('widget');
  if (!root) return;
  const title = root.querySelector('h1');

  // ---------------------------------------------------------------- shared helpers
  const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const decimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat('tr-TR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const isNumber = (n) => typeof n === 'number' && Number.isFinite(n);
  const price = (n) => (isNumber(n) ? money.format(n) : '—');
  const isDay = (d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);
  const trDay = (d) => (isDay(d) ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : '—');
  const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);

  /** An element with attributes and children; strings become text nodes. */
  function h(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) if (value !== undefined && value !== null && value !== false) node.setAttribute(name, String(value));
    for (const child of children.flat()) if (child !== undefined && child !== null && child !== false) node.append(child);
    return node;
  }

  // The API's freshness classes and warnings in words: a mark is text, never colour alone.
  const FRESHNESS = { fresh: 'güncel', delayed: 'gecikmeli', stale: 'güncel değil', failed: 'güncel değil', unavailable: 'veri yok' };
  const WARNINGS = {
    no_data: 'kaynakta kayıtlı veri günü yok', data_delayed: 'kaynak 1–2 yayın günüdür yeni liste yayımlamadı',
    data_stale: 'kaynak ikiden fazla yayın günüdür güncellenmedi', source_frozen: 'kaynak aynı listeyi tekrarlıyor',
    source_blocked: 'kaynak erişimi engelliyor', source_unreachable: 'kaynağa ulaşılamıyor', source_broken: 'kaynağın biçimi değişti',
    last_fetch_failed: 'son indirme başarısız oldu', collection_paused: 'otomatik toplama durduruldu', static_archive: 'arşiv kaydı',
    computed_midpoint: 'ortalama, en düşük ve en yüksek fiyatın ortası', corrected_value: 'değer yönetici tarafından düzeltildi',
  };
  /** fresh, delayed, stale, failed, unavailable; from isStale when the block has no class; else null. */
  function freshnessOf(block) {
    if (block && Object.prototype.hasOwnProperty.call(FRESHNESS, block.freshness)) return block.freshness;
    if (block && typeof block.isStale === 'boolean') return block.isStale ? 'stale' : 'fresh';
    return null;
  }
  function freshnessMark(block) {
    const freshness = freshnessOf(block);
    if (!freshness) return null;
    const reasons = (Array.isArray(block.warnings) ? block.warnings : []).map((w) => WARNINGS[w]).filter(Boolean);
    return h('span', { class: `mark mark-${freshness}`, 'data-freshness': freshness, title: reasons.join('; ') || undefined }, FRESHNESS[freshness]);
  }

  /** A mark after text: a space first, so a mark that wraps starts flush with the line. */
  const withSpace = (mark) => (mark ? [' ', mark] : null);

  /** Every distinct part of the responses' attributions, in order (republishing requires them). */
  function attributionOf(bodies) {
    const parts = [];
    for (const body of bodies) {
      for (const part of String((body && body.attribution) || '').split(' · ')) if (part.trim() && !parts.includes(part.trim())) parts.push(part.trim());
    }
    return parts.join(' · ');
  }
  function footer(attribution) {
    const link = h('a', { href: '/api-policy', target: '_blank', rel: 'noopener' }, 'hal-api');
    return attribution
      ? h('p', { class: 'attribution' }, h('span', { class: 'sr-only' }, 'Atıf: '), h('span', { class: 'source' }, attribution), ' · Veri: ', link)
      : h('p', { class: 'attribution' }, 'Veri: ', link);
  }

  /** The JSON body, null on 404; any other failure throws. */
  async function getJson(path) {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }

  function show(state, ...nodes) {
    root.replaceChildren(title, ...nodes.flat().filter(Boolean));
    root.dataset.state = state;
    root.setAttribute('aria-busy', 'false');
  }
  function failed(what) {
    const retry = h('button', { type: 'button', class: 'retry' }, 'Yeniden dene');
    retry.addEventListener('click', () => location.reload());
    show('error', h('p', { class: 'status', role: 'status' }, `${what} şu an yüklenemedi. Lütfen biraz sonra yeniden deneyin.`, retry), footer(''));
  }

  // Framed: tell the embedding page our height, so it can size the iframe (see /widgets).
  if (window.parent !== window && typeof ResizeObserver === 'function') {
    new ResizeObserver(() => {
      // the content's height (the body), not the frame's: a frame taller than its widget shrinks
      window.parent.postMessage({ type: 'hal-api:widget-height', widget: root.dataset.widget, height: Math.ceil(document.body.getBoundingClientRect().height) }, '*');
    }).observe(document.body);
  }

  // ---------------------------------------------------------------- price list
  const DEFAULT_LIMIT = 10;
  const MAX_LIMIT = 50;
  const MAX_SLUGS = 20;
  const CATEGORY_NAMES = { sebze: 'Sebze', meyve: 'Meyve', balik: 'Balık ve deniz ürünleri' };
  const DIACRITICS = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

  /** The API's slug folding (core/turkish.ts): `Domates`, `DOMATES` and ` domates ` are one slug. */
  function slugify(text) {
    const lower = text.normalize('NFC').replace(/İ/g, 'i').replace(/I/g, 'ı').toLocaleLowerCase('tr-TR');
    let out = '';
    for (const ch of lower) out += DIACRITICS[ch] || ch;
    return out.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').trim().replace(/ /g, '-');
  }
  /** A whole number ≥ 1, at most MAX_LIMIT; anything else (0, -1, abc) is the default. */
  function limitOf(value, fallback) {
    const n = /^\s*\d+\s*$/.test(value || '') ? Number(value) : NaN;
    return n >= 1 ? Math.min(n, MAX_LIMIT) : fallback;
  }
  /** Newest data day first, then the median over more markets; otherwise the API's order (stable sort). */
  const newestFirst = (a, b) => (a.observed_date === b.observed_date ? (b.market_count || 0) - (a.market_count || 0) : a.observed_date < b.observed_date ? 1 : -1);

  function priceRow(item) {
    return h('tr', { 'data-slug': item.slug },
      h('th', { scope: 'row' },
        h('span', { class: 'name' }, item.name),
        h('span', { class: 'detail' },
          h('span', { class: 'unit' }, item.unit), ' · ',
          h('span', { class: 'markets' }, `${item.market_count} hal`), ' · ',
          h('span', { class: 'sr-only' }, 'veri günü '), h('time', { class: 'day', datetime: item.observed_date }, trDay(item.observed_date)),
          withSpace(freshnessMark(item)))),
      h('td', { class: 'price' },
        h('span', { class: 'median', 'data-value': item.median }, price(item.median)),
        h('span', { class: 'range', 'data-min': item.min, 'data-max': item.max }, h('span', { class: 'sr-only' }, 'en düşük ve en yüksek: '), `${price(item.min)} – ${price(item.max)}`)));
  }

  function priceTable(rows) {
    return h('table', { class: 'prices' },
      h('caption', { class: 'sr-only' }, 'Ürünlerin ulusal medyan fiyatı, en düşük ve en yüksek fiyatı, veri günü ve güncelliği'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Ürün'), h('th', { scope: 'col', class: 'price' }, 'Ulusal medyan'))),
      h('tbody', {}, rows.map(priceRow)));
  }

  /** A clear word when rows are not current: all of them, some of them, or only delayed. */
  function freshnessNotice(rows) {
    const classes = rows.map(freshnessOf);
    const old = classes.filter((c) => c === 'stale' || c === 'failed' || c === 'unavailable').length;
    const newest = rows.map((r) => r.observed_date).filter(isDay).sort().pop();
    let text = null;
    if (old && old === rows.length) text = `Bu fiyatlar güncel değil. En yeni veri günü: ${trDay(newest)}.`;
    else if (old) text = 'Bazı fiyatlar güncel değil; satırlardaki işarete bakın.';
    else if (classes.includes('delayed')) text = 'Bazı kaynaklar gecikmeli; fiyatlar yayımlanan son listeden.';
    return text && h('p', { class: 'notice', role: 'note', 'data-notice': old === rows.length ? 'all' : old ? 'some' : 'delayed' }, text);
  }

  /** The query as the widget understands it; nothing here can fail. */
  function priceRequest() {
    const category = slugify(params.get('category') || '');
    const requested = [];
    for (const piece of (params.get('slugs') || '').split(',')) {
      const text = piece.trim().slice(0, 80);
      const key = slugify(text) || text;
      if (text && !requested.some((r) => r.key === key)) requested.push({ text, slug: slugify(text), key });
    }
    const asked = requested.slice(0, MAX_SLUGS);
    // With slugs and no limit every chosen product is shown (up to MAX_LIMIT rows).
    const limit = limitOf(params.get('limit'), asked.length ? MAX_LIMIT : DEFAULT_LIMIT);
    return { category, asked, tooMany: requested.length > MAX_SLUGS, limit };
  }

  /** One read of the whole list (or a category), or one read per chosen product: [{r?, body}]. */
  function loadPrices({ category, asked }) {
    const filter = category ? `category=${encodeURIComponent(category)}` : '';
    if (!asked.length) return getJson(`${API}/prices/latest${filter ? `?${filter}` : ''}`).then((body) => [{ body }]);
    return Promise.all(asked.map(async (r) => ({
      r,
      // A piece that folds to nothing would be no filter at all: it is simply not found.
      body: r.slug ? await getJson(`${API}/prices/latest?product=${encodeURIComponent(r.slug)}${filter ? `&${filter}` : ''}`) : null,
    })));
  }

  /** Answers in the order asked, each newest first, each product once; and the slugs nothing answered. */
  function mergePrices(groups) {
    const rows = [];
    const seen = new Set();
    const missing = [];
    for (const g of groups) {
      const items = g.body && Array.isArray(g.body.items) ? [...g.body.items].sort(newestFirst) : [];
      if (g.r && !items.length) missing.push(g.r.text);
      for (const item of items) {
        if (seen.has(item.slug)) continue;
        seen.add(item.slug);
        rows.push(item);
      }
    }
    return { rows, missing };
  }

  async function priceList() {
    const request = priceRequest();
    if (request.category) title.textContent = `Hal fiyatları · ${CATEGORY_NAMES[request.category] || request.category}`;
    let groups;
    try {
      groups = await loadPrices(request);
    } catch (error) {
      console.warn('hal-api widget:', error);
      return failed('Fiyatlar');
    }
    const { rows, missing } = mergePrices(groups);
    const shown = rows.slice(0, request.limit);
    const notes = [];
    if (missing.length) notes.push(`Bulunamayan ürün: ${missing.join(', ')}.`);
    if (request.tooMany) notes.push(`En fazla ${MAX_SLUGS} ürün seçilebilir; fazlası gösterilmedi.`);
    const noteNode = notes.length ? h('p', { class: 'notes' }, notes.join(' ')) : null;
    const sub = h('p', { class: 'sub' }, 'Ulusal medyan fiyatlar, Türk lirası');
    if (!shown.length) {
      const why = request.asked.length ? 'Seçilen ürünler için fiyat bulunamadı.'
        : request.category ? `“${params.get('category').trim().slice(0, 40)}” kategorisinde fiyat bulunamadı.` : 'Şu an gösterilecek fiyat yok.';
      return show('empty', sub, h('p', { class: 'status', role: 'status' }, why), noteNode, footer(''));
    }
    const slugs = new Set(shown.map((s) => s.slug));
    const sources = groups.filter((g) => g.body && Array.isArray(g.body.items) && g.body.items.some((i) => slugs.has(i.slug))).map((g) => g.body);
    show('ready', sub, freshnessNotice(shown), priceTable(shown), noteNode,
      h('p', { class: 'legend' }, 'Ulusal medyan: halların son ortalama fiyatlarının ortancası; altında en düşük ve en yüksek fiyat. Tarih, fiyatın ait olduğu gündür.'),
      footer(attributionOf(sources)));
  }

  // ---------------------------------------------------------------- weekly index
  const WEEKS = 12;

  function sparkline(points) {
    const NS = 'http://www.w3.org/2000/svg';
    const values = points.map((p) => p.value);
    const min = Math.min(...values);
    const max = Math.max(...values);
    const W = 120;
    const H = 32;
    const x = (i) => 2 + (i * (W - 4)) / (points.length - 1);
    const y = (v) => (max === min ? H / 2 : 3 + ((max - v) * (H - 6)) / (max - min));
    const svg = document.createElementNS(NS, 'svg');
    const attrs = {
      class: 'spark', viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img',
      'aria-label': `Son ${points.length} haftanın endeks değerleri: en düşük ${decimal.format(min)}, en yüksek ${decimal.format(max)}, son ${decimal.format(values[values.length - 1])}`,
      'data-weeks': points.map((p) => p.week).join(','), 'data-values': values.join(','),
    };
    for (const [name, value] of Object.entries(attrs)) svg.setAttribute(name, value);
    const line = document.createElementNS(NS, 'polyline');
    line.setAttribute('points', values.map((v, i) => `${x(i).toFixed(2)},${y(v).toFixed(2)}`).join(' '));
    line.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.append(line);
    return svg;
  }

  function changeLine(latest) {
    if (!isNumber(latest.change)) return h('span', { class: 'change', 'data-change': '' }, 'önceki haftayla karşılaştırma yok');
    const arrow = latest.change > 0 ? '▲' : latest.change < 0 ? '▼' : '■';
    return h('span', { class: 'change', 'data-change': latest.change }, h('span', { class: 'pct' }, h('span', { 'aria-hidden': 'true' }, `${arrow} `), percent.format(latest.change)), ' önceki haftaya göre');
  }

  /** The last WEEKS weeks up to the latest one; null when they could not be read. */
  async function recentWeeks(latest) {
    try {
      const history = await getJson(`${API}/index/history?from=${addDays(latest.week_start, -7 * (WEEKS - 1))}&to=${latest.week_end}`);
      if (!history || !Array.isArray(history.items)) return null;
      return history.items
        .filter((w) => w.week_start <= latest.week_start && isNumber(w.value))
        .sort((a, b) => (a.week_start < b.week_start ? -1 : 1))
        .slice(-WEEKS);
    } catch (error) {
      console.warn('hal-api widget:', error);
      return null;
    }
  }

  function indexReady(body, weeks) {
    const latest = body.latest;
    const index = body.index || {};
    show('ready',
      h('p', { class: 'sub' }, 'Haftalık sepet endeksi'),
      h('p', { class: 'index-value' }, h('span', { class: 'sr-only' }, 'Endeks değeri: '), h('span', { class: 'value', 'data-value': latest.value }, decimal.format(latest.value)), changeLine(latest)),
      h('p', { class: 'index-week' },
        h('span', { class: 'week', 'data-week': latest.week }, `Hafta ${latest.week}`), ' · ', `${trDay(latest.week_start)} – ${trDay(latest.week_end)}`,
        ` · ${latest.member_count} ürün`, withSpace(freshnessMark(body))),
      isNumber(latest.previous_value) ? h('p', { class: 'index-week previous', 'data-value': latest.previous_value }, `Önceki hafta: ${decimal.format(latest.previous_value)}`) : null,
      weeks && weeks.length >= 2 ? sparkline(weeks) : h('p', { class: 'index-week no-spark' }, weeks ? 'Eğri için yeterli hafta yok.' : 'Son haftalar şu an yüklenemedi.'),
      isNumber(index.base_value) ? h('p', { class: 'index-base' }, `Baz: ${index.base_week ? `${index.base_week} haftası` : 'ilk hafta'} = ${decimal.format(index.base_value)}`) : null,
      footer(attributionOf([body])));
  }

  async function weeklyIndex() {
    let body;
    try {
      body = await getJson(`${API}/index/latest`);
    } catch (error) {
      console.warn('hal-api widget:', error);
      return failed('Endeks');
    }
    if (body && body.index && body.index.name) title.textContent = body.index.name;
    // Not yet: the endpoint is not published (404), or no closed week has a value (latest: null).
    if (!body || !body.latest) {
      return show('unpublished', h('p', { class: 'unpublished' }, 'Endeks henüz yayımlanmadı.'),
        h('p', { class: 'muted' }, 'İlk hafta kapandığında endeks değeri, önceki haftaya göre değişim ve son haftaların eğrisi burada görünecek.'),
        footer(body ? attributionOf([body]) : ''));
    }
    indexReady(body, await recentWeeks(body.latest));
  }

  const run = root.dataset.widget === 'index' ? weeklyIndex : priceList;
  run().catch((error) => {
    console.warn('hal-api widget:', error);
    failed(root.dataset.widget === 'index' ? 'Endeks' : 'Fiyatlar');
  });
})();

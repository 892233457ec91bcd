/**
 * The widgets' style sheet, inlined in every page (one request per view): two themes,
 * phone-first from 280 px wide; every text colour keeps at least 4.5:1 against its background
 * (checked by tests/browser). The page is at most the frame's height: the content scrolls inside
 * and the footer (notes and attribution) stays at the bottom of the frame at any iframe height.
 */
export const WIDGET_CSS = `
:root{--bg:#fff;--ink:#1b1f24;--muted:#4f5a65;--line:#d6dbe0;--link:#0b4f9c;--ok:#14632e;--warn:#8a4b00;--bad:#a3161b;--note-bg:#fff4e5;--note-ink:#5c3200;--spark:#0b4f9c;color-scheme:light}
:root[data-theme="dark"]{--bg:#121417;--ink:#e8eaed;--muted:#aab4be;--line:#3a4047;--link:#8ab8ff;--ok:#7fd49b;--warn:#f0b35a;--bad:#ff9c95;--note-bg:#2d2110;--note-ink:#ffd8a8;--spark:#8ab8ff;color-scheme:dark}
*{box-sizing:border-box}
html{background:var(--bg)}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--ink);background:var(--bg);overflow-wrap:anywhere}
a{color:var(--link)}
.widget{display:flex;flex-direction:column;max-height:100vh;max-width:48rem;margin:0 auto}
.widget>.scroll{flex:0 1 auto;min-height:0;overflow-y:auto;padding:.75rem .75rem 0}
.widget>.foot{flex:none;padding:0 .75rem .6rem}
.widget h1{font-size:1.05rem;line-height:1.3;margin:0}
.sub,.muted,.legend,.notes,.attribution{color:var(--muted)}
.sub{margin:.1rem 0 .5rem;font-size:.85rem}
.status{margin:.75rem 0}
.notice{margin:.5rem 0;padding:.4rem .6rem;border-radius:.35rem;background:var(--note-bg);color:var(--note-ink);font-size:.875rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
table.prices{width:100%;border-collapse:collapse;table-layout:fixed}
.prices caption{text-align:left}
.prices th,.prices td{padding:.45rem .25rem;border-bottom:1px solid var(--line);vertical-align:top;text-align:left}
.prices thead th{font-size:.8rem;font-weight:600;color:var(--muted);padding-top:0}
.prices .price{text-align:right;width:42%}
.prices tbody th{font-weight:400}
.prices .name{font-weight:600}
.prices .median{font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap}
.prices .range{display:block;font-size:.8rem;color:var(--muted);font-variant-numeric:tabular-nums}
.prices .detail{display:block;font-size:.8rem;color:var(--muted)}
.mark{display:inline-block;padding:0 .35rem;border:1px solid currentColor;border-radius:.6rem;font-size:.75rem;font-weight:600;line-height:1.2rem;white-space:nowrap}
.mark-fresh{color:var(--ok);border-color:transparent;padding:0}
.mark-delayed{color:var(--warn)}
.mark-stale,.mark-failed,.mark-unavailable{color:var(--bad)}
.legend{font-size:.8rem;margin:.5rem 0 .25rem}
.notes{font-size:.8rem;margin:.4rem 0 0}
.attribution{font-size:.75rem;margin:.4rem 0 0;padding-top:.4rem;border-top:1px solid var(--line)}
.retry{display:inline-block;font:inherit;margin-left:.25rem;padding:.1rem .6rem;border:1px solid var(--line);border-radius:.3rem;color:var(--link)}
.index-value{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .75rem;margin:.4rem 0 .2rem}
.index-value .value{font-size:2rem;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.index-value .change{font-weight:600}
.index-value .pct{white-space:nowrap}
.index-week,.index-base{margin:.15rem 0;font-size:.85rem;color:var(--muted)}
.index-base{margin-bottom:.25rem}
.spark{display:block;width:100%;height:3rem;margin:.5rem 0 .25rem}
.spark polyline{fill:none;stroke:var(--spark);stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
.unpublished{font-size:1.05rem;font-weight:600;margin:.75rem 0 .25rem}
`.trim();

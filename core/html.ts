/** Text as HTML: the five characters that could end a text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The one phone-first layout of the human pages: built ones (build/pages/) and the edge's alert pages. */
const STYLE = `
:root{color-scheme:light;--ink:#1b1f24;--muted:#4a5560;--line:#d6dbe0;--ok:#14632e;--warn:#8a4b00;--bad:#a3161b;--off:#4a5560;--bg:#fff}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:60rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
p,li{max-width:45rem}a{color:#0b4f9c}small,.muted{color:var(--muted)}
.cards{list-style:none;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(min(16rem,100%),1fr))}
.card{border:1px solid var(--line);border-radius:.5rem;padding:.75rem;min-width:0;overflow-wrap:anywhere}.card h3{font-size:1rem;margin:0 0 .25rem}
.badge{display:inline-block;border-radius:1rem;padding:0 .6rem;font-weight:600;font-size:.9rem;color:#fff}
.healthy{background:var(--ok)}.delayed,.warning{background:var(--warn)}.failed{background:var(--bad)}.off{background:var(--off)}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:0 .75rem;margin:.5rem 0}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
ul.reasons{margin:.25rem 0 0;padding-left:1.1rem;font-size:.95rem}
footer{margin-top:2rem;border-top:1px solid var(--line);padding-top:1rem;font-size:.9rem;color:var(--muted)}
`;

export function page(title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<footer>${footer}</footer>
</main>
</body>
</html>
`;
}

/**
 * Adana's site: the list page `/tr/hal-fiyat-listesi` links the bulletins as `/tr/hal-detay/{id}`,
 * one page a day, and the adapter takes the highest id. The pages are the real ones of
 * data/sources/adana/; which page is which day comes from the manifests there
 * (`manifest_*.json`: url, file, title "DD/MM/YYYY Tarihli Günlük Raiç Bedeli", sha256), so later
 * nights are replayed by adding pages and manifest entries. A page is out from its own day on.
 *
 * The list page is the stand-in's own: the real one was not kept, and it carries here only what the
 * adapter reads of it, the links to the newest pages. A night whose page is missing (a day the
 * site printed none) links the newest page before it, as the site's list does; the adapter then
 * finds that page stored already (`unchanged`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDottedDay, type Day } from '../../../core/dates.ts';
import { ARCHIVE_ROOT } from '../../../sources/lib/archive.ts';
import { HTML, lastListedDay, type Site } from './site.ts';

type Page = { id: number; day: Day; file: string };
type ManifestEntry = { url: string; file: string; title: string; sha256: string };

/** Links on the list page, newest first, as a listing page shows a screenful. */
const LISTED = 20;

/** Every page of the manifests, by id, checked against its sha256. */
export function adanaPages(dir = join(ARCHIVE_ROOT, 'adana')): Page[] {
  const pages: Page[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => /^manifest_.*\.json$/.test(n))
    .sort()) {
    for (const entry of JSON.parse(readFileSync(join(dir, name), 'utf8')) as ManifestEntry[]) {
      const id = Number(/\/tr\/hal-detay\/(\d+)$/.exec(entry.url)?.[1]);
      const day = parseDottedDay(entry.title.split(' ')[0] ?? '');
      if (!id || !day) throw new Error(`adana/${name}: ${entry.file} has no id or day (${entry.url}, ${entry.title})`);
      const sha = createHash('sha256')
        .update(readFileSync(join(dir, entry.file)))
        .digest('hex');
      if (sha !== entry.sha256)
        throw new Error(`adana/${entry.file}: sha256 ${sha}, the manifest says ${entry.sha256}`);
      pages.push({ id, day, file: join(dir, entry.file) });
    }
  }
  return pages.sort((a, b) => a.id - b.id);
}

function listPage(pages: readonly Page[]): string {
  const links = pages
    .slice(-LISTED)
    .reverse()
    .map((p) => {
      const [y, m, d] = p.day.split('-');
      return `<li><a href="/tr/hal-detay/${p.id}">${d}/${m}/${y} Tarihli Günlük Raiç Bedeli</a></li>`;
    });
  return `<!DOCTYPE html>\n<html lang="tr"><head><meta charset="utf-8"><title>Hal Raiç Bedelleri</title></head>\n<body><ul class="hal-listesi">\n${links.join('\n')}\n</ul></body></html>\n`;
}

export function adanaSite(pages: readonly Page[] = adanaPages()): Site {
  const out = (at: Date) => pages.filter((p) => p.day <= lastListedDay(at));
  return {
    source: 'adana',
    hosts: ['www.adana.bel.tr'],
    answer(req, at) {
      if (req.url.pathname === '/tr/hal-fiyat-listesi') return { headers: HTML, body: listPage(out(at)) };
      const id = Number(/^\/tr\/hal-detay\/(\d+)$/.exec(req.url.pathname)?.[1]);
      const page = out(at).find((p) => p.id === id);
      return page ? { headers: HTML, body: readFileSync(page.file) } : { status: 404, headers: HTML, body: '' };
    },
  };
}

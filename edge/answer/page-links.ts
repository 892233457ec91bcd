/**
 * Links of a paged answer, as GitHub writes them (RFC 8288): `first` and `last` on every page,
 * `prev` from page 2, `next` while a page follows; `meta.next` is the `next` address. A page past
 * the last has `prev` to the last page, so a client that overshot finds its way back.
 */
import { publicUrl } from '../../core/urls.ts';

export type PageLinks = { next: string | null; link: string };

/** `path` is the route's public path (core/urls.ts); `query` holds the filters in the order they appear in the address; page and limit are added last. */
export function pageLinks(path: string, query: URLSearchParams, page: number, limit: number, total: number): PageLinks {
  const last = Math.max(1, Math.ceil(total / limit));
  const address = (n: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(n));
    q.set('limit', String(limit));
    return publicUrl(path, q);
  };
  const next = page < last ? address(page + 1) : null;
  const links: [string, string][] = [['first', address(1)]];
  if (page > 1) links.push(['prev', address(Math.min(page - 1, last))]);
  if (next) links.push(['next', next]);
  links.push(['last', address(last)]);
  return { next, link: links.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ') };
}

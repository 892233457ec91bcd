/** The Link header and meta.next of a paged answer (RFC 8288, as GitHub writes them). */
import { describe, expect, it } from 'vitest';
import { pageLinks } from './page-links.ts';

const PATH = '/api/v1/prices';
const at = (page: number, limit = 50) => `${PATH}?city=izmir&product=domates&page=${page}&limit=${limit}`;
const filters = () => new URLSearchParams('city=izmir&product=domates&page=9&limit=7');

describe('page links', () => {
  it('the first of three pages: first, next, last; meta.next is the next page', () => {
    expect(pageLinks(PATH, filters(), 1, 50, 120)).toEqual({
      next: at(2),
      link: `<${at(1)}>; rel="first", <${at(2)}>; rel="next", <${at(3)}>; rel="last"`,
    });
  });

  it('a middle page has prev and next', () => {
    expect(pageLinks(PATH, filters(), 2, 50, 120).link).toBe(
      `<${at(1)}>; rel="first", <${at(1)}>; rel="prev", <${at(3)}>; rel="next", <${at(3)}>; rel="last"`,
    );
  });

  it('the last page has no next; a full last page is still the last', () => {
    expect(pageLinks(PATH, filters(), 3, 50, 120)).toEqual({
      next: null,
      link: `<${at(1)}>; rel="first", <${at(2)}>; rel="prev", <${at(3)}>; rel="last"`,
    });
    expect(pageLinks(PATH, filters(), 2, 50, 100)).toEqual({
      next: null,
      link: `<${at(1)}>; rel="first", <${at(1)}>; rel="prev", <${at(2)}>; rel="last"`,
    });
  });

  it('a page past the last points back to the last page', () => {
    expect(pageLinks(PATH, filters(), 9, 50, 120)).toEqual({
      next: null,
      link: `<${at(1)}>; rel="first", <${at(3)}>; rel="prev", <${at(3)}>; rel="last"`,
    });
  });

  it('no rows is one page: first and last are page 1', () => {
    expect(pageLinks(PATH, filters(), 1, 50, 0)).toEqual({
      next: null,
      link: `<${at(1)}>; rel="first", <${at(1)}>; rel="last"`,
    });
  });

  it('keeps the filters in their order and the limit asked for, and leaves the query it was given alone', () => {
    const query = new URLSearchParams('product=domates&city=izmir');
    expect(pageLinks('/p', query, 1, 2, 3).next).toBe('/p?product=domates&city=izmir&page=2&limit=2');
    expect(query.toString()).toBe('product=domates&city=izmir');
  });
});

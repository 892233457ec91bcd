import type { Parser } from '../types.ts';

/** A layout's parser as the adapter interface sees it: the layout's id and version, and `parse`. */
export function parserOf(id: string, version: number, parse: Parser['parse']): Parser {
  return { id, version, parse };
}

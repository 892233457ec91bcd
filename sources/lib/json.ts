import { LayoutError } from './types.ts';

/** A JSON answer: null for an empty body (no list that day), the parsed value, or a LayoutError naming the parser. */
export function readJsonBody(parser: string, body: string): unknown {
  if (body.trim() === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new LayoutError(parser, 'body is not JSON');
  }
}

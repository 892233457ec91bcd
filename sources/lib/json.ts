import { LayoutError } from '../types.ts';

/**
 * A JSON answer: undefined for an empty body (no list that day; JSON itself never gives
 * undefined, so a body of `null` stays distinguishable), the parsed value, or a LayoutError.
 */
export function readJsonBody(parser: string, body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new LayoutError(parser, 'body is not JSON');
  }
}

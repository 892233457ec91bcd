/**
 * HTML built by a tagged template that escapes every interpolated value (core/html.ts): names,
 * units, slugs and attributions from the data or the query can never become markup. Only a
 * value that is already `Html` (built by `html` itself) goes in as it is.
 */
import { escapeHtml } from '../../core/html.ts';

export class Html {
  constructor(readonly text: string) {}
}

/** A piece of a template: text (escaped), markup, a list of them, or nothing (null, undefined, false). */
export type Piece = Html | string | number | null | undefined | false | readonly Piece[];

function render(piece: Piece): string {
  if (piece instanceof Html) return piece.text;
  if (Array.isArray(piece)) return piece.map(render).join('');
  if (piece === null || piece === undefined || piece === false) return '';
  return escapeHtml(String(piece));
}

export function html(strings: TemplateStringsArray, ...pieces: Piece[]): Html {
  let out = strings[0]!;
  pieces.forEach((piece, i) => (out += render(piece) + strings[i + 1]!));
  return new Html(out);
}

/** Markup the widget's own code wrote (its style sheet and script), never data. */
export const trusted = (text: string): Html => new Html(text);

/** The parser tests' table of changed pages: a page altered in one place must make its parser throw, and say why. */
import { expect, it } from 'vitest';
import { LayoutError } from '../types.ts';

/** One way a page can change, and the LayoutError its parser must throw for it. */
export type PageChange = {
  /** The test's title after "throws ". */
  when: string;
  /** Replacements made in the page, in order; each must find its text, or the case proves nothing. */
  replace: readonly (readonly [from: string | RegExp, to: string])[];
  /** The error's whole message, or a pattern for it. */
  message: string | RegExp;
};

/** A test per change: `parse` of the changed `page` throws a LayoutError of `parser` with the message given. */
export function itThrowsOnChanges(
  parser: string,
  parse: (html: string) => unknown,
  page: string,
  changes: readonly PageChange[],
): void {
  for (const { when, replace, message } of changes) {
    it(`throws ${when}`, () => {
      let html = page;
      for (const [from, to] of replace) {
        expect(html).toMatch(from);
        html = html.replace(from, to);
      }
      let thrown: unknown;
      try {
        parse(html);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(LayoutError);
      expect(thrown).toMatchObject({
        parser,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    });
  }
}

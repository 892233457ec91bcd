/**
 * The parser tests' changed pages: a page altered in one place must make its parser throw, and
 * say why. Each source lists its changes in `changed-pages.json` beside its parser test.
 */
import { expect, it } from 'vitest';
import { LayoutError } from '../../sources/types.ts';

/** One way a page can change, and the LayoutError its parser must throw for it. */
type PageChange = {
  /** The test's title after "throws ". */
  when: string;
  /** Replacements [from, to] made in the page, in order; each must find its text, or the case proves nothing. */
  replace: readonly (readonly string[])[];
  /** The error's whole message … */
  message?: string;
  /** … or how it starts. */
  messageStart?: string;
};

/** A test per change: `parse` of the changed `page` throws a LayoutError of `parser` with the message given. */
export function itThrowsOnChanges(
  parser: string,
  parse: (html: string) => unknown,
  page: string,
  changes: readonly PageChange[],
): void {
  for (const { when, replace, message, messageStart } of changes) {
    it(`throws ${when}`, () => {
      expect(message ?? messageStart, 'the message to expect').toBeTruthy();
      let html = page;
      for (const pair of replace) {
        const [from = '', to = ''] = pair;
        expect(pair).toHaveLength(2);
        expect(html).toContain(from);
        html = html.replace(from, to);
      }
      let thrown: unknown;
      try {
        parse(html);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(LayoutError);
      expect(thrown).toMatchObject({ parser, message: message ?? expect.stringMatching(`^${escape(messageStart)}`) });
    });
  }
}

const escape = (text = '') => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

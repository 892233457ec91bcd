import { expect } from 'vitest';
import { LayoutError } from '../../sources/types.ts';

/** Runs `run`, which must throw a LayoutError naming `parser`; returns it for further checks. */
export function expectLayoutError(parser: string, run: () => unknown): LayoutError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LayoutError);
    expect((error as LayoutError).parser).toBe(parser);
    return error as LayoutError;
  }
  throw new Error('expected a LayoutError');
}

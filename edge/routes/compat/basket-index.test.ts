import { describe, expect, it } from 'vitest';
import { ApiError } from '../../answer/errors.ts';
import { weeksParam } from './basket-index.ts';

const weeks = (value?: string) => weeksParam(new URLSearchParams(value === undefined ? {} : { weeks: value }));

describe('the variant weeks parameter', () => {
  it('defaults to 26 and counts anything above 104 as 104', () => {
    expect([undefined, '1', '26', ' 52 ', '+7', '104', '105', '9999999999999999999999'].map(weeks)).toEqual([
      26, 1, 26, 52, 7, 104, 104, 104,
    ]);
  });

  it.each(['', '0', '-1', '1.5', '2e1', 'abc', '0x10'])('refuses %j with a 400', (value) => {
    expect(() => weeks(value)).toThrow(ApiError);
  });
});

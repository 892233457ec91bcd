import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWellFormedKey, keyHashOf, keyIdOf, keyInQuery, secondsToIstanbulMidnight } from './keyed-access.ts';

const KEY = `hal_${'a1B2-_'.repeat(7)}x`;

describe('keys', () => {
  it('are hal_ and 43 base64url characters, nothing else', () => {
    expect(isWellFormedKey(KEY)).toBe(true);
    for (const bad of [
      '',
      'hal_',
      KEY.slice(0, -1),
      `${KEY}x`,
      KEY.replace('hal_', 'HAL_'),
      `${KEY.slice(0, -1)}=`,
      ` ${KEY}`,
    ])
      expect(isWellFormedKey(bad), bad).toBe(false);
  });

  it('are stored as the SHA-256 of their text, and named by its first 12 hex digits', async () => {
    const hash = await keyHashOf(KEY);
    expect(hash).toBe(createHash('sha256').update(KEY).digest('hex'));
    expect(keyIdOf(hash)).toBe(hash.slice(0, 12));
  });

  it('are found in a query string by name or by shape', () => {
    expect(keyInQuery(new URLSearchParams('product=domates&limit=5'))).toBe(false);
    expect(keyInQuery(new URLSearchParams('API_KEY=x'))).toBe(true);
    expect(keyInQuery(new URLSearchParams(`q=${KEY}`))).toBe(true);
  });
});

describe('the daily reset', () => {
  it('is the next midnight in Istanbul (UTC+3)', () => {
    expect(secondsToIstanbulMidnight(Date.parse('2026-11-26T20:59:59Z'))).toBe(1);
    expect(secondsToIstanbulMidnight(Date.parse('2026-11-26T21:00:00Z'))).toBe(86_400);
    expect(secondsToIstanbulMidnight(Date.parse('2026-11-26T09:00:00Z'))).toBe(12 * 3600);
  });
});

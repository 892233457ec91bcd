import { describe, expect, it } from 'vitest';
import { etagOf, sha256Hex } from './digest.ts';
import { etagOfSync, sha256HexSync } from './digest-sync.ts';

// SHA-256("abc"), FIPS 180-2, appendix B.1.
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('a computed ETag', () => {
  it('is the first 16 bytes of the body’s SHA-256 in hex, quoted; text and its UTF-8 bytes give the same tag', async () => {
    expect(await etagOf('abc')).toBe('"ba7816bf8f01cfea414140de5dae2223"');
    expect(await etagOf(new TextEncoder().encode('abc'))).toBe('"ba7816bf8f01cfea414140de5dae2223"');
  });

  it('is the same from the worker’s hasher and the Node side’s synchronous one', async () => {
    expect(await sha256Hex('abc')).toBe(ABC);
    expect(sha256HexSync('abc')).toBe(ABC);
    const bytes = new TextEncoder().encode('ça, ğ, ı ve ş');
    expect(etagOfSync(bytes)).toBe(await etagOf(bytes));
    expect(etagOfSync('ça, ğ, ı ve ş')).toBe(await etagOf('ça, ğ, ı ve ş'));
  });
});

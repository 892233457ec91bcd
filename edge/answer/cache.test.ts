import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerKey, findAnswer, forgetAnswers, keepAnswer } from './cache.ts';

const url = new URL('https://api.example/api/v1/prices?product=domates&limit=50');
const now = (work: Promise<unknown>) => void work;

describe('the answer cache', () => {
  it('gives back a kept answer with its body in memory, headers and coding as kept', async () => {
    forgetAnswers();
    const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', [], url);
    const streamed = new Response('{"items":[]}').body!;
    const kept = await keepAnswer(key, { body: streamed, etag: '"e1"', contentType: 'application/json' }, [], now);
    expect(new TextDecoder().decode(kept.body as Uint8Array)).toBe('{"items":[]}');
    const found = await findAnswer(key);
    expect(found).toMatchObject({ etag: '"e1"', contentType: 'application/json' });
    expect(new TextDecoder().decode(found!.body as Uint8Array)).toBe('{"items":[]}');
  });

  it('keys an answer by build, serving day, codings and URL', async () => {
    forgetAnswers();
    const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', ['br'], url);
    await keepAnswer(key, { body: 'x', etag: '"e"', contentType: 'application/json' }, ['br'], now);
    for (const other of [
      answerKey('builds/2026-11-22/r2/', '2026-11-21', ['br'], url),
      answerKey('builds/2026-11-21/r1/', '2026-11-22', ['br'], url),
      answerKey('builds/2026-11-21/r1/', '2026-11-21', [], url),
      answerKey('builds/2026-11-21/r1/', '2026-11-21', ['br'], new URL('?product=domates&limit=51', url)),
    ])
      expect(await findAnswer(other)).toBeNull();
  });

  it('keeps no answer but a 200 with a body', async () => {
    forgetAnswers();
    const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', [], url);
    await keepAnswer(key, { body: 'degraded', etag: '"h"', contentType: 'application/json', status: 503 }, [], now);
    expect(await findAnswer(key)).toBeNull();
  });

  it("keeps an assembled answer in the client's best coding, its ETag the identity's", async () => {
    forgetAnswers();
    const text = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ productName: 'Domates', i })) });
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', [coding], url);
      const kept = await keepAnswer(key, { body: text, etag: '"e"', contentType: 'application/json' }, [coding], now);
      const found = await findAnswer(key);
      for (const answer of [kept, found!]) {
        expect(answer).toMatchObject({ encoding: coding, etag: '"e"' });
        expect((answer.body as Uint8Array).byteLength).toBeLessThan(text.length / 10);
        expect(decode(answer.body as Uint8Array).toString()).toBe(text);
      }
    }
  });

  it('leaves stored bytes in their coding, and a type no coding applies to as it is', async () => {
    forgetAnswers();
    const gzip = new Uint8Array([0x1f, 0x8b, 8]);
    const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', ['br', 'gzip'], url);
    const stored = await keepAnswer(
      key,
      { body: gzip, encoding: 'gzip', etag: '"s"', contentType: 'application/json' },
      ['br', 'gzip'],
      now,
    );
    expect(stored).toMatchObject({ encoding: 'gzip', body: gzip });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const image = await keepAnswer(key, { body: png, etag: '"p"', contentType: 'image/png' }, ['br'], now);
    expect(image.encoding).toBeUndefined();
    expect(image.body).toEqual(png);
  });
});

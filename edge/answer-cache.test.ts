import { describe, expect, it } from 'vitest';
import { answerKey, findAnswer, forgetAnswers, keepAnswer } from './answer-cache.ts';

const url = new URL('https://api.example/api/v1/prices?product=domates&limit=50');
const now = (work: Promise<unknown>) => void work;

describe('the answer cache', () => {
  it('gives back a kept answer with its body in memory, headers and coding as kept', async () => {
    forgetAnswers();
    const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', ['br', 'gzip'], url);
    const streamed = new Response('{"items":[]}').body!;
    const kept = await keepAnswer(key, { body: streamed, etag: '"e1"', contentType: 'application/json' }, now);
    expect(new TextDecoder().decode(kept.body as Uint8Array)).toBe('{"items":[]}');
    const found = await findAnswer(key);
    expect(found).toMatchObject({ etag: '"e1"', contentType: 'application/json' });
    expect(new TextDecoder().decode(found!.body as Uint8Array)).toBe('{"items":[]}');
  });

  it('keys an answer by build, serving day, codings and URL', async () => {
    forgetAnswers();
    const key = answerKey('builds/2026-11-21/r1/', '2026-11-21', ['br'], url);
    await keepAnswer(key, { body: 'x', etag: '"e"', contentType: 'application/json' }, now);
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
    await keepAnswer(key, { body: 'degraded', etag: '"h"', contentType: 'application/json', status: 503 }, now);
    expect(await findAnswer(key)).toBeNull();
  });
});

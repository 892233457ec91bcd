/**
 * A fake HttpClient for the adapters' collect() tests (no network), and what goes with it: the
 * documents a fetch hands the parsers, the one document a collection returns, and the HTTP error
 * an adapter must let through.
 */
import { expect } from 'vitest';
import type { Collected, Parser, SourceDocument } from '../../sources/types.ts';
import { HttpStatusError, type HttpClient, type HttpRequest, type HttpResponse } from '../../sources/lib/http.ts';

/** The defaults of a fake answer: an HTML page fetched on 2026-09-15 at 05:00 UTC. */
export const FAKE_CONTENT_TYPE = 'text/html; charset=UTF-8';
export const FAKE_FETCHED_AT = '2026-09-15T05:00:00.000Z';

/** What the fake site answers: bytes, text (sent as UTF-8), or an HTTP status to fail with. */
export type FakeAnswer = Uint8Array | string | number;

/** URL → answer, or a function of the request. A function may also throw (a NetworkError, say). */
export type FakeSite = Record<string, FakeAnswer> | ((url: string, req: HttpRequest) => FakeAnswer);

export type FakeCall = { url: string; req: HttpRequest };

export type FakeHttpOptions = {
  /** the answers' Content-Type, or one per URL (default FAKE_CONTENT_TYPE) */
  contentType?: string | ((url: string) => string);
  /** the answers' fetch moment (default FAKE_FETCHED_AT) */
  fetchedAt?: string;
  /**
   * A URL the table has no route for: by default a 404, as a real site answers; with `strict`, a
   * plain Error, which no adapter takes for an answer.
   */
  strict?: boolean;
};

const bytesOf = (body: Uint8Array | string) => (typeof body === 'string' ? new TextEncoder().encode(body) : body);

/** A fake HttpClient answering from `site`; `calls` records every request in order (`req` is `{}` when none was given). */
export function fakeHttp(site: FakeSite, options: FakeHttpOptions = {}): { http: HttpClient; calls: FakeCall[] } {
  const { contentType = FAKE_CONTENT_TYPE, fetchedAt = FAKE_FETCHED_AT, strict = false } = options;
  const calls: FakeCall[] = [];
  const answerOf = (url: string, req: HttpRequest): FakeAnswer => {
    if (typeof site === 'function') return site(url, req);
    const answer = site[url];
    if (answer !== undefined) return answer;
    if (strict) throw new Error(`unexpected request ${url}`);
    return 404;
  };
  const http: HttpClient = {
    async request(url, req = {}): Promise<HttpResponse> {
      calls.push({ url, req });
      const answer = answerOf(url, req);
      if (typeof answer === 'number') throw new HttpStatusError(url, answer);
      const type = typeof contentType === 'function' ? contentType(url) : contentType;
      return {
        url,
        status: 200,
        contentType: type,
        bytes: bytesOf(answer),
        fetchedAt,
        etag: null,
        lastModified: null,
        notModified: false,
      };
    },
  };
  return { http, calls };
}

/** A fetched document as a parser gets it: `body` as UTF-8 unless it is bytes already; `fields` replace the defaults. */
export function fetchedDocument(
  url: string,
  body: Uint8Array | string,
  fields: Partial<Omit<SourceDocument, 'url' | 'bytes'>> = {},
): SourceDocument {
  return { url, fetchedAt: FAKE_FETCHED_AT, contentType: FAKE_CONTENT_TYPE, bytes: bytesOf(body), ...fields };
}

/** The one item a collection returned, which must be a document. */
export function onlyDocument(collected: Collected[]): { document: SourceDocument; parser: Parser } {
  expect(collected).toHaveLength(1);
  const item = collected[0]!;
  if ('none' in item) throw new Error(`expected a document, got none: ${item.none}`);
  return item;
}

/** The first item a collection returned, which must be a document (the others are not looked at). */
export function firstDocument(collected: Collected[]): { document: SourceDocument; parser: Parser } {
  const [item] = collected;
  if (!item || !('document' in item)) throw new Error('expected a document');
  return item;
}

/** `run` must fail with an HttpStatusError of `status` (the scrape command classifies it); returns the error. */
export async function expectHttpStatus(run: Promise<unknown>, status: number): Promise<HttpStatusError> {
  const error = await run.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpStatusError);
  expect((error as HttpStatusError).status).toBe(status);
  return error as HttpStatusError;
}

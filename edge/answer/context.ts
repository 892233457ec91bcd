import { BUILD_RECORD_PATH } from '../../core/objects.ts';
import type { Day } from '../../core/dates.ts';
import type { ContentCoding } from '../../core/encodings.ts';
import { etagOf } from '../../core/digest.ts';
import type { Origin } from '../origin/object.ts';

/**
 * What a route handler gets, and what it gives back (the worker adds the contract's headers).
 * `codings`: the stored content codings the client accepts, best first (edge/answer/headers.ts).
 */
export type RouteContext = {
  url: URL;
  params: URLSearchParams;
  origin: Origin;
  today: Day;
  pathParams: Record<string, string>;
  codings: ContentCoding[];
};
export type Answer = {
  body: string | Uint8Array | ReadableStream | null;
  /** the body is stored bytes in this content coding, sent as they are (edge/routes/stored.ts) */
  encoding?: ContentCoding;
  etag: string;
  contentType: string;
  link?: string;
  /** 200 unless the route says otherwise (/health answers 503 when degraded) */
  status?: number;
  headers?: Record<string, string>;
  /** the route re-aged its rows itself (edge/query/collection.ts readAgedRows): the worker does not parse the answer again */
  aged?: boolean;
};

import { JSON_TYPE } from '../../core/media-types.ts';
export { JSON_TYPE };

export async function defaultAttribution(origin: Origin): Promise<string> {
  const build = await origin.get(BUILD_RECORD_PATH);
  if (!build) throw new Error(`${BUILD_RECORD_PATH} is missing: no build is published`);
  return (JSON.parse(await build.text()) as { attribution: string }).attribution;
}

/** A JSON body built by the route, with its ETag. */
export async function jsonAnswer(body: unknown): Promise<Answer> {
  const text = JSON.stringify(body);
  return { body: text, etag: await etagOf(text), contentType: JSON_TYPE };
}

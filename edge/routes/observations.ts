/**
 * GET /observations/{id}: the id encodes the data day and the source (core/observation-id.ts),
 * so the record is found in exactly one evidence object.
 */
import { decodeObservationId, observationShardPath, UUID_PATTERN } from '../../core/observation-id.ts';
import { JSON_TYPE, type Answer, type RouteContext } from '../answer/context.ts';
import { ApiError } from '../answer/errors.ts';
import { etagOf } from '../../core/digest.ts';

export async function getObservation(ctx: RouteContext): Promise<Answer> {
  const id = ctx.pathParams.id ?? '';
  if (!UUID_PATTERN.test(id)) throw new ApiError(400, 'INVALID_ID', { parameter: 'id', value: id.slice(0, 64) });
  const decoded = decodeObservationId(id);
  if (!decoded) throw new ApiError(404, 'NOT_FOUND', { id });
  const shard = await ctx.origin.get(observationShardPath(decoded.day, decoded.sourceNumber));
  if (!shard) throw new ApiError(404, 'NOT_FOUND', { id });
  const record = (JSON.parse(await shard.text()) as Record<string, unknown>)[id.toLowerCase()];
  if (!record) throw new ApiError(404, 'NOT_FOUND', { id });
  const body = JSON.stringify(record);
  return { body, etag: await etagOf(body), contentType: JSON_TYPE };
}

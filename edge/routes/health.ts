/** GET /health: the build's health object; HTTP 503 with the same body when it is degraded. */
import type { Answer, RouteContext } from '../context.ts';

export async function health(ctx: RouteContext): Promise<Answer> {
  const object = await ctx.store.get('api/v1/health.json');
  if (!object) throw new Error('api/v1/health.json is missing from the published build');
  const text = await object.text();
  const status = (JSON.parse(text) as { status: string }).status === 'ok' ? 200 : 503;
  return { body: text, etag: object.etag, contentType: object.contentType, status };
}

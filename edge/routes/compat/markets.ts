/**
 * /compat/markets: the build's active markets (build/endpoints/compat/markets.ts), sent as
 * stored, or only those of `city` (a province by name or plate code: compatCity).
 */
import { COMPAT_MARKETS_PATH } from '../../../core/compat/objects.ts';
import { slugify } from '../../../core/turkish.ts';
import { jsonAnswer, type Answer, type RouteContext } from '../../answer/context.ts';
import { missingFromBuild } from '../../origin/object.ts';
import { serveStored } from '../stored.ts';
import { compatCity } from './city.ts';

export async function compatListMarkets(ctx: RouteContext): Promise<Answer> {
  const city = compatCity(ctx.params);
  if (city === undefined) return (await serveStored(ctx, COMPAT_MARKETS_PATH)) ?? missingFromBuild(COMPAT_MARKETS_PATH);
  const object = await ctx.origin.get(COMPAT_MARKETS_PATH);
  if (!object) return missingFromBuild(COMPAT_MARKETS_PATH);
  const markets = JSON.parse(await object.text()) as { city: string }[];
  return jsonAnswer(markets.filter((m) => slugify(m.city) === city));
}

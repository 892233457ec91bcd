/**
 * /compat/production: the variant's bare array of {year, productName, quantityTons, source}, by the
 * main route's rules (edge/routes/production.ts): the same parameters, objects, defaults and errors.
 * A row whose tonnes are missing is left out: the variant's quantityTons is a number, and 0 t would
 * be a harvest that did not happen.
 */
import type { Answer, RouteContext } from '../../answer/context.ts';
import { jsonAnswer } from '../../answer/context.ts';
import { selectProduction } from '../production.ts';

export async function compatListProduction(ctx: RouteContext): Promise<Answer> {
  const { items, headers } = await selectProduction(ctx);
  const rows = items.flatMap(({ year, productName, quantityTons, source }) =>
    quantityTons === null ? [] : [{ year, productName, quantityTons, source }],
  );
  return { ...(await jsonAnswer(rows)), headers };
}

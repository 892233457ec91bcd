/**
 * /api/v1/compat/prices/trending: the main trending list (build/endpoints/movers.ts) in the
 * variant's shape, a bare array of six keys in the same order; its route cuts it to `limit`.
 * The weekly summary needs no object of its own: its route takes the main week's object.
 */
import { COMPAT_TRENDING_PATH } from '../../../core/compat/objects.ts';
import { TRENDING_PATH } from '../../../core/objects.ts';
import { CompatTrending } from '../../../schemas/compat/movers.ts';
import { TrendingResponse } from '../../../schemas/movers.ts';
import type { OutputWriter } from '../../writer.ts';
import { writtenJson } from './written.ts';

export function writeCompatTrending(writer: OutputWriter): number {
  const main = writtenJson(writer, TRENDING_PATH, TrendingResponse);
  const items = main.items.map(({ productSlug, productName, avgPrice, minPrice, maxPrice, recordCount }) => ({
    productSlug,
    productName,
    avgPrice,
    minPrice,
    maxPrice,
    recordCount,
  }));
  writer.writeJson(COMPAT_TRENDING_PATH, CompatTrending.parse(items));
  return items.length;
}

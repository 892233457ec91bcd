/** The variant shape of /markets under the compatibility prefix: a bare array of the active markets. */
import { z } from 'zod';
import { Slug } from '../common.ts';

const CompatMarket = z.strictObject({
  id: z.uuid().meta({
    description:
      "The market's stable id: a name-based UUID (version 5) of its slug, so it is the same in every build " +
      'and changes only if the slug does',
  }),
  name: z.string(),
  slug: Slug,
  city: z.string().meta({ description: 'The province as printed, e.g. "İzmir"' }),
  isActive: z.boolean().meta({ description: 'Always true: only active markets are listed' }),
});

export const CompatMarkets = z.array(CompatMarket).meta({
  id: 'CompatMarkets',
  description:
    'The variant shape of /markets: the active markets (source open to automatic collection and not ' +
    'blocked, broken or unreachable, and at least one published price day), in the main /markets order; ' +
    "`city` keeps a province's markets.",
});

export type CompatMarketT = z.infer<typeof CompatMarket>;

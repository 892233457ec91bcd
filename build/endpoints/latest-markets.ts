/**
 * The market of each /prices/latest item that comes from one market (variant slug → market
 * name), for the price widget: such a price is that market's, not a national median, and the
 * widget names the market. The items themselves are closed objects; the rows behind them
 * (latest-rows.ndjson) hold the name too, but the worker would read and parse all of them,
 * megabytes at national scale, for a few names.
 */
import { LATEST_MARKETS_PATH } from '../../core/objects.ts';
import { LatestMarkets } from '../../schemas/internal.ts';
import type { NationalIndicator } from '../national.ts';
import type { OutputWriter } from '../writer.ts';

export function writeLatestMarkets(indicators: Map<string, NationalIndicator>, writer: OutputWriter): number {
  const names: [string, string][] = [];
  for (const n of indicators.values())
    if (n.rows.length === 1) names.push([n.rows[0]!.row.productSlug, n.rows[0]!.row.marketName]);
  names.sort(([a], [b]) => (a < b ? -1 : 1));
  writer.writeJson(LATEST_MARKETS_PATH, LatestMarkets.parse(Object.fromEntries(names)));
  return names.length;
}

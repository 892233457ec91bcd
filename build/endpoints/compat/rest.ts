/**
 * The compatibility prefix's objects for trending, the basket index and markets, written after
 * the main objects they reshape (build/build.ts).
 */
import type { OutputWriter } from '../../writer.ts';
import type { NationalIndex } from '../basket-index.ts';
import { writeCompatIndexes } from './basket-index.ts';
import { writeCompatMarkets } from './markets.ts';
import { writeCompatTrending } from './movers.ts';

export function writeCompatRest(national: NationalIndex, writer: OutputWriter): void {
  writeCompatTrending(writer);
  writeCompatIndexes(national, writer);
  writeCompatMarkets(writer);
}

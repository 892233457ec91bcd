/**
 * The compatibility prefix's objects for trending, the basket index and markets, written after
 * the main objects they reshape (build/build.ts).
 */
import type { Db } from '../../store/db.ts';
import type { Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';
import { writeCompatIndexes } from './compat-basket-index.ts';
import { writeCompatMarkets } from './compat-markets.ts';
import { writeCompatTrending } from './compat-movers.ts';

export function writeCompatRest(db: Db, model: Model, writer: OutputWriter): void {
  writeCompatTrending(writer);
  writeCompatIndexes(db, model, writer);
  writeCompatMarkets(writer);
}

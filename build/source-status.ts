/** A source's published `status`: its verification, unless its latest condition says worse. */
import type { SourceRow } from './model.ts';

export function sourceStatus(s: SourceRow): string {
  const c = s.state.condition;
  if (c === 'blocked' || c === 'unreachable' || c === 'broken' || c === 'frozen') return c;
  return s.verification;
}

/** The table bench:serve prints: one row per load run. */
import type { Answer } from './first-answer.ts';
import type { WrkResult } from './wrk.ts';

/** `cpuMsPerRequest`: per process group (the static server; or workerd, node); `ratio`: req/s ÷ the static br req/s */
export type Row = {
  label: string;
  answer: Answer;
  run: WrkResult;
  cpuMsPerRequest: number[];
  ratio?: number;
  peer?: { rps: number; p50Ms: number };
};

/** name, width, aligned left (text) or right (figures) */
const COLUMNS: [string, number, 'left' | 'right'][] = [
  ['query', 24, 'left'],
  ['answer', 22, 'left'],
  ['req/s', 7, 'right'],
  ['p50 ms', 7, 'right'],
  ['p99 ms', 7, 'right'],
  ['non-2xx/3xx', 11, 'right'],
  ['CPU ms/req', 13, 'right'],
  ['× static br', 11, 'right'],
  ['peer req/s · p50 ms', 0, 'left'],
];

const cells = (values: string[]) =>
  values
    .map((v, i) => {
      const [, width, align] = COLUMNS[i]!;
      return align === 'left' ? v.padEnd(width) : v.padStart(width);
    })
    .join('  ')
    .trimEnd();

export const HEADER = cells(COLUMNS.map(([name]) => name));

/** 3 significant figures: 0.0312, 0.52, 12.3, 4484 */
const figure = (x: number) => (x >= 100 ? Math.round(x).toString() : x.toPrecision(3));
const size = (bytes: number) => (bytes >= 1000 ? `${(bytes / 1000).toFixed(1)} KB` : `${bytes} B`);
const share = (ratio: number) => (ratio >= 1 ? `${ratio.toFixed(2)} ×` : `1/${Math.round(1 / ratio)}`);

export function formatRow(row: Row): string {
  const { run } = row;
  return cells([
    row.label,
    `${row.answer.status} ${row.answer.coding} ${size(row.answer.bytes)}`,
    figure(run.requests / run.seconds),
    figure(run.p50Ms),
    figure(run.p99Ms),
    `${run.statusErrors}${run.socketErrors ? ` (+${run.socketErrors} socket)` : ''}`,
    row.cpuMsPerRequest.map((ms) => ms.toFixed(ms >= 10 ? 1 : 2)).join(' + '),
    row.ratio === undefined ? '' : share(row.ratio),
    row.peer ? `${row.peer.rps} · ${row.peer.p50Ms}` : '',
  ]);
}

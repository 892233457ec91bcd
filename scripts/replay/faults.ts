/**
 * The faults of a replay: what goes wrong on which night, as it goes wrong on real nights. A
 * source's site down (no answer at all), a document cut off half-way, the runner killed while it
 * publishes, a night whose job does not run. `faultSchedule` chooses them from a seed, so a replay
 * is repeated fault for fault; each night after a fault is left without one, to show it recovers.
 */
import { addDays, daysBetween, type Day } from '../../core/dates.ts';
import { seededRandom } from '../lib/seeded-random.ts';

/** A source's site does not answer on the nights listed. */
export type Outage = { source: string; nights: readonly Day[] };

export type Faults = {
  down: readonly Outage[];
  /** a source's site answers its documents cut off half-way, with a matching length (nothing at the HTTP level is wrong) */
  truncated: readonly { source: string; night: Day }[];
  /** the runner is killed after the publisher's `afterPuts`-th object: the bucket answers nothing more that night */
  killed: readonly { night: Day; afterPuts: number }[];
  /** the nightly job does not run at all (the worker and its notifier do) */
  skipped: readonly Day[];
};

export const NO_FAULTS: Faults = { down: [], truncated: [], killed: [], skipped: [] };

/** The sources whose sites the stand-ins hold real documents of (scripts/replay/stand-ins/server.ts). */
const REPLAYED_SOURCES = ['adana', 'izmir', 'bursa'] as const;

/** The span cut in four parts, a fault in each: a part holds the longest fault and the clear night after it. */
const PARTS = 4;
/** Nights a schedule needs: the first and last without a fault, and four parts of three nights. */
export const SCHEDULE_NIGHTS = 2 + PARTS * 3;

/**
 * One fault of each kind between `from` and `to`, on nights chosen by `seed`: a source down two
 * nights running, another's document truncated, the publish killed, a night skipped. No fault on
 * the first or last night, and the night after each fault is clear (the night that recovers).
 */
export function faultSchedule(seed: number, from: Day, to: Day): Faults {
  const nights = daysBetween(from, to) + 1;
  if (nights < SCHEDULE_NIGHTS)
    throw new Error(`a fault schedule needs ${SCHEDULE_NIGHTS} nights at least; ${from} … ${to} has ${nights}`);
  const random = seededRandom(seed);
  const below = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;
  // The nights between the first and the last, in four parts; the kinds take the parts in a seeded order.
  const part = Math.floor((nights - 2) / PARTS);
  const order = ['down', 'truncated', 'killed', 'skipped'];
  for (let i = order.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const startOf = (kind: string, length: number) => {
    const first = 1 + order.indexOf(kind) * part;
    return addDays(from, first + below(part - length));
  };
  const downSource = pick(REPLAYED_SOURCES);
  const down = startOf('down', 2);
  return {
    down: [{ source: downSource, nights: [down, addDays(down, 1)] }],
    truncated: [{ source: pick(REPLAYED_SOURCES.filter((s) => s !== downSource)), night: startOf('truncated', 1) }],
    killed: [{ night: startOf('killed', 1), afterPuts: 100 + below(2000) }],
    skipped: [startOf('skipped', 1)],
  };
}

/** Each fault on each of its nights, as a night's line names it. */
function faultNights(faults: Faults): { night: Day; fault: string }[] {
  return [
    ...faults.down.flatMap((o) => o.nights.map((night) => ({ night, fault: `${o.source} down` }))),
    ...faults.truncated.map((t) => ({ night: t.night, fault: `${t.source} truncated` })),
    ...faults.killed.map((k) => ({ night: k.night, fault: `publish killed after ${k.afterPuts} objects` })),
    ...faults.skipped.map((night) => ({ night, fault: 'job not run' })),
  ];
}

/** The faults of night D, as its line lists them. */
export const faultsOf = (faults: Faults, day: Day): string[] =>
  faultNights(faults)
    .filter((f) => f.night === day)
    .map((f) => f.fault);

/** The whole schedule on one line, night by night: `2026-06-10 adana down · 2026-06-11 adana down · …` */
export const describeFaults = (faults: Faults): string =>
  faultNights(faults)
    .sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : 0))
    .map((f) => `${f.night} ${f.fault}`)
    .join(' · ') || 'none';

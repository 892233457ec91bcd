import { describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../core/dates.ts';
import { describeFaults, faultSchedule, faultsOf, NO_FAULTS, SCHEDULE_NIGHTS } from './faults.ts';

const FROM = '2026-05-31';
const TO = '2026-08-17';

const faultNights = (f: ReturnType<typeof faultSchedule>): Day[] =>
  [
    ...f.down.flatMap((o) => o.nights),
    ...f.truncated.map((t) => t.night),
    ...f.killed.map((k) => k.night),
    ...f.skipped,
  ].sort();

describe('the seeded fault schedule', () => {
  it('is the same for the same seed, and another for another', () => {
    expect(faultSchedule(7, FROM, TO)).toEqual(faultSchedule(7, FROM, TO));
    expect(faultSchedule(7, FROM, TO)).not.toEqual(faultSchedule(8, FROM, TO));
  });

  it('places one fault of each kind, a source down two nights running, none on the first or last night, and a clear night after each', () => {
    for (let seed = 1; seed <= 200; seed++) {
      for (const to of [addDays(FROM, SCHEDULE_NIGHTS - 1), TO]) {
        const f = faultSchedule(seed, FROM, to);
        expect([f.down.length, f.truncated.length, f.killed.length, f.skipped.length]).toEqual([1, 1, 1, 1]);
        const [first, second] = f.down[0]!.nights;
        expect(second).toBe(addDays(first!, 1));
        expect(f.truncated[0]!.source).not.toBe(f.down[0]!.source);
        const nights = faultNights(f);
        expect(new Set(nights).size, `seed ${seed}`).toBe(5);
        expect(nights[0]! > FROM && nights.at(-1)! < to, `seed ${seed}`).toBe(true);
        // After the down pair, and after each one-night fault, the next night is clear.
        const ends = [second!, f.truncated[0]!.night, f.killed[0]!.night, f.skipped[0]!];
        for (const end of ends) expect(nights, `seed ${seed}: after ${end}`).not.toContain(addDays(end, 1));
      }
    }
  });

  it('refuses a span too short for it, and lists each night its faults', () => {
    expect(() => faultSchedule(1, FROM, addDays(FROM, SCHEDULE_NIGHTS - 2))).toThrow(/needs 14 nights at least/);
    const f = faultSchedule(3, FROM, TO);
    expect(faultsOf(f, f.down[0]!.nights[1]!)).toEqual([`${f.down[0]!.source} down`]);
    expect(faultsOf(f, f.killed[0]!.night)).toEqual([`publish killed after ${f.killed[0]!.afterPuts} objects`]);
    expect(faultsOf(f, f.skipped[0]!)).toEqual(['job not run']);
    expect(faultsOf(f, FROM)).toEqual([]);
    // The whole schedule, night by night: five nights, in order.
    const listed = describeFaults(f).split(' · ');
    expect(listed.map((l) => l.slice(0, 10))).toEqual(faultNights(f));
    expect(listed).toContain(`${f.skipped[0]} job not run`);
    expect(describeFaults(NO_FAULTS)).toBe('none');
  });
});

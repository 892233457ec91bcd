/**
 * Planted bugs: each is one small wrong edit of the product and the test files that must fail while
 * it is there. `npm run plants` plants each in turn, runs its tests, expects them to fail and takes
 * it out (scripts/plants.ts); docs/testing.md lists them. A test that cannot fail is a defect: a
 * promise whose plant no longer fails has lost its test.
 */
export type Plant = {
  /** what the bug breaks, in a user's words */
  promise: string;
  file: string;
  /** the exact text replaced: it occurs once in the file */
  find: string;
  replace: string;
  /** test files of which at least one must fail */
  tests: string[];
};

export const PLANTS: Plant[] = [
  {
    promise: 'the 61st request of a minute from one address is refused',
    file: 'edge/limits/rate-window.ts',
    find: 'const allowed = current.count < limit;',
    replace: 'const allowed = current.count <= limit;',
    tests: ['edge/limits/rate-window.test.ts'],
  },
  {
    promise: 'an alert mails when the price reaches its target, not only when it passes it',
    file: 'edge/alerts/notifier/crossing.ts',
    find: "return direction === 'above' ? p >= t : p <= t;",
    replace: "return direction === 'above' ? p > t : p < t;",
    tests: ['edge/alerts/notifier/crossing.test.ts'],
  },
  {
    promise: 'a source one publishing day behind is delayed, not fresh',
    file: 'core/calendar.ts',
    find: "return missed === 0 ? 'fresh'",
    replace: "return missed <= 1 ? 'fresh'",
    tests: ['build/freshness.test.ts', 'tests/system/freshness-over-time.test.ts'],
  },
  {
    promise: 'a nightly build writes the summary of the first week it computes again, as a full build does',
    file: 'build/endpoints/movers.ts',
    find: '(first === null || w.week >= first)',
    replace: '(first === null || w.week > first)',
    tests: ['tests/archive/incremental-build.test.ts'],
  },
  {
    promise: "a replayed night's Bursa answers as its API does, read by the live parser",
    file: 'scripts/replay/stand-ins/bursa.ts',
    find: "body: served ? bursaApiAnswer(JSON.parse(readFileSync(served.file, 'utf8')) as KeptList) : '[]',",
    replace: "body: served ? readFileSync(served.file) : '[]',",
    tests: ['scripts/replay/stand-ins/stand-ins.test.ts'],
  },
  {
    promise: 'a replayed night whose job does not run publishes nothing: the build before it stays served',
    file: 'scripts/replay/run.ts',
    find: 'const phasesTonight = faults.skipped.includes(day) ? [] : phases;',
    replace: 'const phasesTonight = phases;',
    tests: ['tests/system/replay.test.ts'],
  },
];

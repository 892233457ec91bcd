// The replay's clock inside workerd: `Date` as far from the machine's clock as the replay last set
// it (`setClock`), running on at the machine's pace. Imported before the worker, so that every
// `new Date()` and `Date.now()` of the worker, its rate limiter and its caches read it. Bundled only
// into the local worker a replay starts (scripts/lib/local-worker.ts `replayClock`), never into the
// deployed one (wrangler.toml's main is edge/worker.ts).
const MachineDate = Date;
let offsetMs = 0;

class ReplayDate extends MachineDate {
  constructor(...args) {
    if (args.length === 0) super(MachineDate.now() + offsetMs);
    else super(...args);
  }

  static now() {
    return MachineDate.now() + offsetMs;
  }
}

globalThis.Date = ReplayDate;

/** From now on the worker's clock reads `at` (milliseconds since the epoch) and runs on from there. */
export function setClock(at) {
  offsetMs = at - MachineDate.now();
}

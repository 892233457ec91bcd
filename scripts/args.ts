/** `--name value` command-line options with defaults from the environment. */
import { clockAt } from './nightly/clock.ts';

export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1]!;
  return process.env[`HAL_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}

/** Whether `--name` is on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** A number given on the command line (or in the environment), else undefined: the default applies. */
export function numberOption(name: string): number | undefined {
  const text = option(name, '');
  if (text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0, not ${JSON.stringify(text)}`);
  return n;
}

export const DEFAULT_DB = '.cache/hal.sqlite';
export const DEFAULT_OUT = 'dist';
/** where `npm run fetch-previous` puts what the incremental build takes from the published build */
export const DEFAULT_PREVIOUS = '.cache/previous';

/** The build day and moment: given for reproducible builds, else now (Europe/Istanbul day, the night's clock). */
export function buildClock(): { today: string; builtAt: string } {
  const clock = clockAt(option('at', new Date().toISOString()));
  return { today: option('today', clock.today), builtAt: clock.at };
}

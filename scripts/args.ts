/** `--name value` command-line options with defaults from the environment. */
import { istanbulDay } from '../core/dates.ts';

export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1]!;
  return process.env[`HAL_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}

export const DEFAULT_DB = '.cache/hal.sqlite';
export const DEFAULT_OUT = 'dist';
/** where `npm run fetch-previous` puts what the incremental build takes from the published build */
export const DEFAULT_PREVIOUS = '.cache/previous';

/** The build day and moment: given for reproducible builds, else now (Europe/Istanbul day). */
export function buildClock(): { today: string; builtAt: string } {
  const builtAt = option('at', new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'));
  return { today: option('today', istanbulDay(new Date(builtAt))), builtAt };
}

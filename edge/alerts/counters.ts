/**
 * The keys of the abuse counters: `mail_counts.day` is the API day (Europe/Istanbul), as
 * MAILS_PER_ADDRESS_DAY counts; `create_counts.hour` the UTC hour (`YYYY-MM-DDTHH`). The sweep deletes
 * every row keyed before the current one, so whoever counts must key the same way.
 */
import { istanbulDay } from '../../core/dates.ts';

export const counterDay = (now: Date): string => istanbulDay(now);
export const counterHour = (now: Date): string => now.toISOString().slice(0, 13);

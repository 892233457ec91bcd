/** The links every alert mail carries: they open the human pages (edge/alerts/pages.ts), tokens in the query. */
import { ALERT_PAGES } from '../../core/alerts.ts';
import { publicUrl } from '../../core/urls.ts';

export type MailLinks = { manage: string; unsubscribe: string };

const pageUrl = (origin: string, path: string, query: Record<string, string>): string =>
  `${origin}${publicUrl(path, query)}`;

export const confirmLink = (origin: string, confirmToken: string): string =>
  pageUrl(origin, ALERT_PAGES.confirm, { token: confirmToken });

/** The manage page, and the one-click unsubscribe of one alert (or, without `alertId`, of all the address's). */
export function mailLinks(origin: string, manageToken: string, alertId: string | null): MailLinks {
  return {
    manage: pageUrl(origin, ALERT_PAGES.manage, { token: manageToken }),
    unsubscribe: pageUrl(origin, ALERT_PAGES.unsubscribe, {
      token: manageToken,
      ...(alertId ? { alert: alertId } : {}),
    }),
  };
}

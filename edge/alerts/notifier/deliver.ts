/**
 * How a crossing reaches its address: a notice holds what the crossing mail says, and the worker's
 * mail transport (edge/alerts/mail/transport.ts, configured by its secrets) sends it. Without a
 * transport nothing is delivered and the notifier compares nothing, so no alert sleeps on a mail
 * that was never sent.
 */
import { crossingMail, type AlertFacts, type Reading } from '../mail/messages.ts';
import { mailTransportOf, type MailEnv } from '../mail/transport.ts';
import type { MailLinks } from '../links.ts';

type Notice = { to: string; alert: AlertFacts; reading: Reading; links: MailLinks };

/** Resolves once the notice is handed over; throws when it was not. */
export type Deliver = (notice: Notice) => Promise<void>;

export function deliverOf(env: MailEnv): Deliver | null {
  const mail = mailTransportOf(env);
  if (!mail) return null;
  return (notice) => mail.send(crossingMail(notice.to, notice.alert, notice.reading, notice.links));
}

/**
 * How a crossing reaches its address. A notice holds what the crossing mail says
 * (edge/alerts/mail/messages.ts `crossingMail(to, alert, reading, links)`): the notifier builds it,
 * the delivery turns it into a mail. `deliverOf` is the one place the transport is chosen: the mail
 * transport of the worker's secrets; an outbox URL (a local server receiving each notice as JSON)
 * stands in where no transport is configured, as in the tests; with neither, nothing is delivered and
 * the notifier compares nothing, so no alert sleeps on a mail that was never sent.
 */
import type { AlertDirection } from '../../../core/alerts.ts';

type AlertFacts = {
  id: string;
  productName: string;
  productSlug: string;
  unit: string;
  marketName: string | null;
  targetPrice: string;
  direction: AlertDirection;
};

export type Reading = {
  price: number;
  /** the data day */
  day: string;
  marketCount: number;
  freshness: string;
  /** absolute; the rows the price came from */
  observationUrls: string[];
  sourceNames: string[];
};

export type Notice = {
  to: string;
  alert: AlertFacts;
  reading: Reading;
  links: { manage: string; unsubscribe: string };
};

/** Resolves once the notice is handed over; throws when it was not. */
export type Deliver = (notice: Notice) => Promise<void>;

export type DeliverEnv = { NOTIFIER_OUTBOX_URL?: string };

class DeliveryFailed extends Error {}

export function deliverOf(env: DeliverEnv): Deliver | null {
  const outbox = env.NOTIFIER_OUTBOX_URL;
  if (!outbox) return null;
  return async (notice) => {
    const answer = await fetch(outbox, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notice),
      signal: AbortSignal.timeout(5_000),
    });
    await answer.body?.cancel();
    // The status only: the notice holds an address and a token.
    if (!answer.ok) throw new DeliveryFailed(`outbox answered ${answer.status}`);
  };
}

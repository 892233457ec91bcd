/**
 * Every other source: we hold none of its documents for the replayed nights, so its stand-in
 * answers as the site answers a runner when it is out of reach. Mersin refuses data-centre
 * addresses with 403 and Çorum's firewall does the same (SOURCES.md): `blocked`. Every other host
 * drops the connection without an answer (Kocaeli was unreachable all summer, Çanakkale drops
 * data-centre addresses; for the rest it is the honest default of a stand-in that holds nothing of
 * the site): `unreachable`.
 */
import type { SiteAnswer } from './site.ts';

const REFUSING = new Set(['www.mersin.bel.tr', 'www.corum.bel.tr']);

export function outage(host: string): SiteAnswer {
  return REFUSING.has(host)
    ? { status: 403, headers: { 'content-type': 'text/html' }, body: 'Forbidden' }
    : { fault: 'no answer' };
}

/**
 * The stand-ins of the official sites on one local HTTP server: the collectors' client reaches it
 * through HAL_SOURCE_ORIGIN (`https://host/path` → `<origin>/host/path`, sources/lib/http.ts), so
 * the live adapters run unchanged. Each request is answered by the site of its host as at the
 * night's moment (`night`), or by the host's outage (outages.ts); a source down tonight answers
 * nothing at all, and one truncated tonight answers its documents cut off half-way.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adanaSite } from './adana.ts';
import { bursaSite } from './bursa.ts';
import { izmirSite } from './izmir.ts';
import { outage } from './outages.ts';
import type { Site, SiteAnswer, SiteRequest } from './site.ts';

type StandInNight = {
  /** the night's moment: what each site has published by then */
  at: Date;
  /** sources whose site does not answer tonight */
  down?: readonly string[];
  /** sources whose site answers tonight with the first half of each document, its length the half's */
  truncated?: readonly string[];
};

export type StandIns = {
  origin: string;
  night(night: StandInNight): void;
  /** the requests answered since the last `night`, with the status given (0: no answer) */
  requests: { source: string | null; url: string; status: number }[];
  close(): Promise<void>;
};

/** The sites the repository holds real documents of for the replayed nights. */
const defaultSites = (): Site[] => [adanaSite(), izmirSite(), bursaSite()];

export async function startStandIns(sites: readonly Site[] = defaultSites()): Promise<StandIns> {
  const byHost = new Map(sites.flatMap((site) => site.hosts.map((host) => [host, site] as const)));
  let tonight: StandInNight = { at: new Date() };
  const requests: StandIns['requests'] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const [, host = '', ...path] = (req.url ?? '/').split('/');
    const request: SiteRequest = {
      method: req.method ?? 'GET',
      url: new URL(`https://${host}/${path.join('/')}`),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    const site = byHost.get(host);
    const answer: SiteAnswer =
      site && !tonight.down?.includes(site.source)
        ? site.answer(request, tonight.at)
        : site
          ? { fault: 'no answer' }
          : outage(host);
    requests.push({
      source: site?.source ?? null,
      url: request.url.href,
      status: 'fault' in answer ? 0 : (answer.status ?? 200),
    });
    if ('fault' in answer) return void req.socket.destroy();
    const whole = answer.body === undefined ? Buffer.alloc(0) : Buffer.from(answer.body);
    const body = site && tonight.truncated?.includes(site.source) ? whole.subarray(0, whole.byteLength >> 1) : whole;
    const status = answer.status ?? 200;
    res.writeHead(status, {
      ...(status === 204 ? {} : { 'content-length': String(body.byteLength) }),
      ...answer.headers,
    });
    res.end(status === 204 ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    night(night) {
      tonight = night;
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

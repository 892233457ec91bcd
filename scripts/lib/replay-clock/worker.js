// The edge worker with the replay's clock (clock.js, imported first): what the deployed worker
// answers, plus what a replay needs and a newcomer must see. `POST /__replay/clock` with the
// start's token (binding REPLAY_CLOCK_TOKEN) moves the clock; every answer carries
// `x-replay-clock`; /health says `replayClock` in its body and every HTML page says it in a
// banner (their ETags are those of what is sent).
import { setClock } from './clock.js';
import worker from '../../../edge/worker.ts';
import { etagOf } from '../../../core/digest.ts';

export { KeyQuota, RateLimiter } from '../../../edge/worker.ts';

const CLOCK_PATH = '/__replay/clock';

function notice(now) {
  return `Replay clock: this server's clock is held at a replayed night (${now}), not the real time.`;
}

const HEALTH = '/api/v1/health';
/** /health and the pages (everything outside /api/ but the snapshots' files), whose bodies say it is a replay clock. */
const saysClock = (request, url) =>
  request.method === 'GET' &&
  (url.pathname === HEALTH || !(url.pathname.startsWith('/api/') || url.pathname.startsWith('/snapshots/')));

async function marked(response, now, rewrite, path) {
  const headers = new Headers(response.headers);
  headers.set('x-replay-clock', now);
  const type = headers.get('content-type') ?? '';
  const plain = rewrite && !headers.get('content-encoding') && response.status !== 304;
  let body = response.body;
  if (plain && path === HEALTH && type.startsWith('application/json')) {
    const health = await response.json();
    body = JSON.stringify({ ...health, replayClock: { now, note: notice(now) } });
  } else if (plain && type.startsWith('text/html')) {
    const html = await response.text();
    body = html.replace(/<body[^>]*>/, (tag) => `${tag}\n<p class="replay-clock" role="status">${notice(now)}</p>`);
  }
  if (body !== response.body) {
    headers.set('etag', await etagOf(body));
    headers.delete('content-length');
  }
  // A body the worker sent encoded stays as it is: workerd would otherwise encode it again.
  const encodeBody = headers.get('content-encoding') ? 'manual' : 'automatic';
  return new Response(body, { status: response.status, statusText: response.statusText, headers, encodeBody });
}

function withoutCoding(given) {
  const headers = new Headers(given);
  headers.delete('accept-encoding');
  return headers;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === CLOCK_PATH) {
      if (
        request.method !== 'POST' ||
        !env.REPLAY_CLOCK_TOKEN ||
        request.headers.get('x-replay-token') !== env.REPLAY_CLOCK_TOKEN
      )
        return new Response('forbidden', { status: 403 });
      setClock(Date.parse(await request.text()));
      return new Response(null, { status: 204 });
    }
    const rewrite = saysClock(request, url);
    // Asked without a coding, so that the notice can be written into the body.
    const asked = rewrite ? new Request(request, { headers: withoutCoding(request.headers) }) : request;
    const response = await worker.fetch(asked, env, ctx);
    return marked(response, new Date().toISOString(), rewrite, url.pathname);
  },
  scheduled: worker.scheduled,
};

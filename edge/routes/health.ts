/**
 * GET /health: the build's health object; HTTP 503 with the same body when it is degraded. A
 * nightly build that is late (edge/answer/aging.ts) degrades it too: the data may be fine, but nobody
 * has checked since the build day.
 */
import { HEALTH_PATH } from '../../core/objects.ts';
import { istanbulDay } from '../../core/dates.ts';
import { buildIsLate, readCalendars } from '../answer/aging.ts';
import type { Answer, RouteContext } from '../answer/context.ts';
import { etagOf } from '../../core/digest.ts';
import { missingFromBuild } from '../origin/object.ts';

const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', hourCycle: 'h23' });

export async function health(ctx: RouteContext): Promise<Answer> {
  const object = await ctx.origin.get(HEALTH_PATH);
  if (!object) missingFromBuild(HEALTH_PATH);
  const text = await object.text();
  const body = JSON.parse(text) as { status: string; reasons: string[]; build: { today: string } };
  const calendars = await readCalendars(ctx.origin);
  const now = new Date();
  if (calendars && buildIsLate(calendars.today, istanbulDay(now), Number(hourFormat.format(now)))) {
    body.status = 'degraded';
    body.reasons.push(
      `Son derleme ${calendars.today} tarihli: gecelik güncelleme gecikti; tazelik bilgisi yanıt anında yeniden hesaplanıyor.`,
    );
    const late = JSON.stringify(body);
    return { body: late, etag: await etagOf(late), contentType: object.contentType, status: 503 };
  }
  return { body: text, etag: object.etag, contentType: object.contentType, status: body.status === 'ok' ? 200 : 503 };
}

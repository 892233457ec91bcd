/**
 * The alert operations (core/alert-routes.ts) under /api/v1 and the compatibility prefix: create
 * (pending, one confirmation mail), list and delete by the mailed manage token, and the manage link
 * mailed on request. No answer depends on whether an address already has alerts; every answer is
 * `no-store`; nothing here logs an address or a token.
 */
import { TOKEN_SCHEME } from '../../core/alert-routes.ts';
import { ALERT_ID_PATTERN, PENDING_CONFIRMATION } from '../../core/alerts.ts';
import { JSON_TYPE } from '../../core/media-types.ts';
import type { AlertItemT } from '../../schemas/alerts.ts';
import { ApiError } from '../answer/errors.ts';
import { baseHeaders, setCountedHeaders } from '../answer/headers.ts';
import { findMarket, findProduct } from './catalogue.ts';
import { publicOrigin, type AlertAsked, type AlertBindings } from './context.ts';
import { countAddressMail, countCreate, type LimitRefusal } from './limits.ts';
import { confirmLink, mailLinks } from './links.ts';
import { checkAlertBody, isAddress } from './request.ts';
import { confirmationMail, manageLinkMail } from './mail/messages.ts';
import { mailTransportOf, type MailTransport } from './mail/transport.ts';
import { addPendingAlert, alertsOf, deleteAlerts, findSubscriber, normalAddress, type AlertRow } from './rows.ts';
import { holderOf, mintToken, type TokenHolder } from './tokens.ts';

/** A create's body is a few short fields: anything larger is refused unread. */
const MAX_BODY_BYTES = 4096;

function jsonResponse(asked: AlertAsked, status: number, body: unknown): Response {
  const headers = baseHeaders(asked.requestId);
  headers.set('content-type', JSON_TYPE);
  headers.set('cache-control', 'no-store');
  setCountedHeaders(headers, asked.counted);
  return new Response(JSON.stringify(body), { status, headers });
}

/** The database, the counters' secret and the mail: without any of them, alerts are unavailable. */
function bindingsOf(asked: AlertAsked): AlertBindings & { mail: MailTransport } {
  const { ALERTS, ALERT_SECRET } = asked.env;
  const mail = mailTransportOf(asked.env);
  if (!ALERTS || !ALERT_SECRET || !mail) throw new ApiError(503, 'ALERTS_UNAVAILABLE', { reason: 'not_configured' });
  return { db: ALERTS, secret: ALERT_SECRET, mail };
}

function refuse(refusal: LimitRefusal): never {
  throw new ApiError(429, 'ALERT_LIMITED', refusal);
}

async function requestBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError(400, 'INVALID_ALERT', { reason: 'content_type', expected: 'application/json' });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES)
    throw new ApiError(400, 'INVALID_ALERT', { reason: 'too_large', maxBytes: MAX_BODY_BYTES });
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw new ApiError(400, 'INVALID_ALERT', { reason: 'not_json' });
  }
}

const invalidField = (field: string, reason: string, extra: Record<string, unknown> = {}) =>
  new ApiError(400, 'INVALID_ALERT', { reason: 'invalid_field', fields: [{ field, reason, ...extra }] });

export async function createAlert(asked: AlertAsked, compat: boolean): Promise<Response> {
  const { db, secret, mail } = bindingsOf(asked);
  const checked = checkAlertBody(await requestBody(asked.request));
  if ('refused' in checked)
    throw new ApiError(400, 'INVALID_ALERT', { reason: 'invalid_field', fields: checked.refused });
  const { body } = checked;
  const published = asked.origin();
  const product = await findProduct(published, body.productSlug);
  if (!product) throw invalidField('productSlug', 'unknown', { expected: 'a variant slug, as /products items' });
  const market = body.marketSlug ? await findMarket(published, body.marketSlug) : null;
  if (body.marketSlug && !market)
    throw invalidField('marketSlug', 'unknown', { expected: 'a market slug, as /markets' });

  const ip = asked.request.headers.get('cf-connecting-ip') ?? 'unknown';
  const address = normalAddress(body.email);
  const limited =
    (await countCreate(db, secret, ip, asked.now)) ?? (await countAddressMail(db, secret, address, asked.now));
  if (limited) refuse(limited);

  const targetPrice = body.targetPrice.toFixed(2);
  const alert = await addPendingAlert(
    db,
    address,
    {
      productSlug: product.slug,
      productName: product.name,
      marketSlug: market?.slug ?? null,
      targetPrice,
      direction: body.direction,
    },
    asked.now,
  );
  const { subscriberId } = alert;
  try {
    const origin = publicOrigin(asked);
    const confirm = await mintToken(db, 'confirm', subscriberId, alert.id, asked.now);
    const manage = await mintToken(db, 'manage', subscriberId, null, asked.now);
    const links = mailLinks(origin, manage, alert.id);
    await mail.send(
      confirmationMail(
        address,
        {
          id: alert.id,
          productName: product.name,
          productSlug: product.slug,
          unit: product.unit,
          marketName: market?.name ?? null,
          targetPrice,
          direction: body.direction,
        },
        { confirm: confirmLink(origin, confirm), ...links },
        alert.expiresAt,
      ),
    );
  } catch (error) {
    // An alert whose confirmation never left would only wait 48 hours to be deleted: delete it now.
    await deleteAlerts(db, subscriberId, alert.id);
    console.error(`request ${asked.requestId}: confirmation mail not sent: ${(error as Error).name}`);
    throw new ApiError(503, 'ALERTS_UNAVAILABLE', { reason: 'mail_failed' });
  }
  const answer = compat
    ? { id: alert.id, created: true }
    : { id: alert.id, created: true, status: PENDING_CONFIRMATION, expiresAt: alert.expiresAt };
  return jsonResponse(asked, 202, answer);
}

/** The manage token of the `Authorization: Bearer` header; null when there is no header. */
function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== TOKEN_SCHEME.toLowerCase() || !token || rest.length > 0) return '';
  return token;
}

/** The holder of the request's manage token; 401 without one or with one that is not valid. */
async function tokenHolder(asked: AlertAsked, db: AlertBindings['db']): Promise<TokenHolder> {
  const token = bearerOf(asked.request);
  if (token === null) throw new ApiError(401, 'ALERT_TOKEN_REQUIRED');
  const holder = await holderOf(db, token, 'manage', asked.now);
  if ('refused' in holder) throw new ApiError(401, 'ALERT_TOKEN_INVALID', { reason: holder.refused });
  return holder;
}

export function alertItem(row: AlertRow): AlertItemT {
  return {
    id: row.id,
    productName: row.product_name,
    targetPrice: row.target_price,
    direction: row.direction,
    isActive: row.status === 'active',
    productSlug: row.product_slug,
    marketSlug: row.market_slug,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastNotifiedAt: row.last_notified_at,
  };
}

export async function listAlerts(asked: AlertAsked, compat: boolean): Promise<Response> {
  const { db, secret, mail } = bindingsOf(asked);
  const email = asked.url.searchParams.get('email');
  if (bearerOf(asked.request) === null && email !== null) return mailManageLink(asked, { db, secret, mail }, email);
  const holder = await tokenHolder(asked, db);
  const items = (await alertsOf(db, holder.subscriberId, asked.now)).map(alertItem);
  if (compat)
    return jsonResponse(
      asked,
      200,
      items.map(({ id, productName, targetPrice, direction, isActive }) => ({
        id,
        productName,
        targetPrice,
        direction,
        isActive,
      })),
    );
  return jsonResponse(asked, 200, { items, meta: { count: items.length } });
}

const MANAGE_LINK_MESSAGE =
  'İstek alındı: bu adrese kayıtlı bir fiyat alarmı varsa, alarmları yönetme bağlantısı adrese e-postayla gönderilir.';

/**
 * The manage link, mailed to the address only if it has alerts; the answer is the same either way
 * and does not wait for the mail, so neither its body nor its time tells whether the address is known.
 */
async function mailManageLink(
  asked: AlertAsked,
  { db, secret, mail }: AlertBindings & { mail: MailTransport },
  email: string,
): Promise<Response> {
  const address = normalAddress(email);
  if (!isAddress(address))
    throw new ApiError(400, 'INVALID_ALERT', {
      reason: 'invalid_parameter',
      parameter: 'email',
      expected: 'an e-mail address',
    });
  const limited = await countAddressMail(db, secret, address, asked.now);
  if (limited) refuse(limited);
  asked.waitUntil(
    (async () => {
      const subscriberId = await findSubscriber(db, address);
      if (!subscriberId || (await alertsOf(db, subscriberId, asked.now)).length === 0) return;
      const manage = await mintToken(db, 'manage', subscriberId, null, asked.now);
      await mail.send(manageLinkMail(address, mailLinks(publicOrigin(asked), manage, null)));
    })().catch((error: unknown) =>
      console.error(`request ${asked.requestId}: manage link not sent: ${(error as Error).name}`),
    ),
  );
  return jsonResponse(asked, 202, { accepted: true, message: MANAGE_LINK_MESSAGE });
}

export async function deleteAlert(asked: AlertAsked, id: string): Promise<Response> {
  const { db } = bindingsOf(asked);
  const holder = await tokenHolder(asked, db);
  if (!ALERT_ID_PATTERN.test(id))
    throw new ApiError(400, 'INVALID_ALERT', {
      reason: 'invalid_parameter',
      parameter: 'id',
      value: id.slice(0, 64),
      expected: 'alr_ and 22 characters',
    });
  // Another address's alert and no alert at all answer the same 404: an id alone tells nothing.
  if ((await deleteAlerts(db, holder.subscriberId, id)) === 0) throw new ApiError(404, 'NOT_FOUND', { id });
  return jsonResponse(asked, 200, { deleted: true });
}

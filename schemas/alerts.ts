/**
 * Price alerts (docs/alerts.md): the request body of a create and every answer of the alert
 * operations. The variant's keys come first (`{id, created}`, `{id, productName, targetPrice,
 * direction, isActive}`, `{deleted}`); the main contract appends its own after them, and the
 * compatibility prefix answers the variant's keys alone.
 */
import { z } from 'zod';
import {
  ALERT_DIRECTIONS,
  ALERT_ID_PATTERN,
  ALERT_STATUSES,
  MAX_ADDRESS_LENGTH,
  MAX_TARGET_PRICE,
  PENDING_CONFIRMATION,
} from '../core/alerts.ts';
import { Decimal, Slug, Timestamp } from './common.ts';

const AlertId = z
  .string()
  .regex(ALERT_ID_PATTERN)
  .meta({ description: 'An alert id: `alr_` and 22 random characters' });
const Direction = z
  .enum(ALERT_DIRECTIONS)
  .meta({ description: '`above`: mail when the price reaches the target from below; `below`: from above' });

/** `POST /alerts`: closed, so a misspelt key is an error rather than an alert that never fires. */
export const AlertRequest = z
  .strictObject({
    email: z.email().max(MAX_ADDRESS_LENGTH).meta({ description: 'The address the confirmation and the alerts go to' }),
    productSlug: Slug.meta({ description: 'A variant slug, as `/products` items (`domates-salkim`)' }),
    targetPrice: z
      .number()
      .positive()
      .max(MAX_TARGET_PRICE)
      .multipleOf(0.01)
      .meta({ description: 'TRY per the product unit, at most two decimals' }),
    direction: Direction,
    marketSlug: Slug.optional().meta({
      description: "A market slug (`/markets`): compare that market's latest price instead of the national indicator",
    }),
  })
  .meta({ id: 'AlertRequest' });

export const AlertCreated = z
  .strictObject({
    id: AlertId,
    created: z.boolean(),
    status: z.literal(PENDING_CONFIRMATION),
    expiresAt: Timestamp.meta({ description: 'When the alert is deleted unless its address confirms it' }),
  })
  .meta({ id: 'AlertCreated' });
export const CompatAlertCreated = z
  .strictObject({ id: AlertId, created: z.boolean() })
  .meta({ id: 'CompatAlertCreated' });

const compatItemShape = {
  id: AlertId,
  productName: z.string().min(1),
  targetPrice: Decimal,
  direction: Direction,
  isActive: z.boolean().meta({ description: 'true once confirmed; a pending alert is false' }),
};
export const CompatAlertItem = z.strictObject(compatItemShape).meta({ id: 'CompatAlertItem' });
export const AlertItem = z
  .strictObject({
    ...compatItemShape,
    productSlug: Slug,
    marketSlug: Slug.nullable().meta({ description: 'null: the national indicator' }),
    status: z.enum(ALERT_STATUSES),
    createdAt: Timestamp,
    expiresAt: Timestamp.nullable().meta({ description: "A pending alert's deletion time; null once active" }),
    lastNotifiedAt: Timestamp.nullable(),
  })
  .meta({ id: 'AlertItem' });
export type AlertItemT = z.infer<typeof AlertItem>;

export const AlertList = z
  .strictObject({ items: z.array(AlertItem), meta: z.strictObject({ count: z.int().min(0) }) })
  .meta({ id: 'AlertList' });
export const CompatAlertList = z.array(CompatAlertItem).meta({ id: 'CompatAlertList' });

export const AlertDeleted = z.strictObject({ deleted: z.boolean() }).meta({ id: 'AlertDeleted' });

/** `GET /alerts?email=` without a token: the same answer whether or not the address has alerts. */
export const ManageLinkRequested = z
  .strictObject({
    accepted: z.literal(true),
    message: z.string().min(1).meta({ description: 'Turkish: a manage link is mailed if the address has alerts' }),
  })
  .meta({ id: 'ManageLinkRequested' });

import { z } from 'zod';
import { PAYABLE_STATUSES } from './ap-states';
import { LINK_STATUSES } from './payout-link-states';
import { TRANSFER_STATUSES } from './transfer-states';

/**
 * The events the service sends to a subscribed endpoint (an extension of the vendor's API: its document is silent on
 * webhooks beyond asking integrators to handle them). A type is `<object>.<what happened>`; the body is
 * `{ type, data, timestamp }`, `data` the object as its GET answers it when the event is first sent.
 */
export const PAYOUT_REQUEST_STATUSES = ['created', 'approved', 'rejected'] as const;

export const EVENT_TYPES = [
  ...TRANSFER_STATUSES.map((s) => `transfer.${s}` as const),
  ...LINK_STATUSES.map((s) => `payout_link.${s}` as const),
  ...PAYOUT_REQUEST_STATUSES.map((s) => `payout_request.${s}` as const),
  ...PAYABLE_STATUSES.map((s) => `bill.${s}` as const),
  'user.verification_changed',
  'user.tax_form_changed',
  'flow.completed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What an event is about: the part of its type before the dot. */
export const EVENT_OBJECTS = ['transfer', 'payout_link', 'payout_request', 'bill', 'user', 'flow'] as const;
export type EventObject = (typeof EVENT_OBJECTS)[number];

export const objectOfEventType = (type: EventType): EventObject => type.split('.')[0] as EventObject;

/** The body of a delivery, as a receiver parses it: the object is checked by its own read, never trusted from here. */
export const serviceEventSchema = z.object({
  type: z.enum(EVENT_TYPES),
  timestamp: z.iso.datetime(),
  data: z.looseObject({ id: z.string().min(1).max(200) }),
});
export type ServiceEvent = z.infer<typeof serviceEventSchema>;

/** A payout link's statuses, as the vendor's document lists them. */
export const LINK_STATUSES = [
  'created',
  'delivery_pending',
  'delivery_failed',
  'sent',
  'delivered',
  'claimed',
  'reversed',
  'canceled',
  'expired',
  'failed',
] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** A payout link's status in words, and the badge colour of each. */
export const LINK_STATUS_WORDS: Record<LinkStatus, string> = {
  created: 'Created',
  delivery_pending: 'Delivery pending',
  delivery_failed: 'Delivery failed',
  sent: 'Sent',
  delivered: 'Delivered',
  claimed: 'Claimed',
  reversed: 'Reversed',
  canceled: 'Canceled',
  expired: 'Expired',
  failed: 'Failed',
};

/** Shades with at least 4.5:1 contrast against white text, as the transfers' badges. */
export const LINK_STATUS_COLORS: Record<LinkStatus, string> = {
  created: 'gray.7',
  delivery_pending: 'blue.8',
  sent: 'blue.8',
  delivered: 'indigo.8',
  claimed: 'teal.9',
  delivery_failed: 'red.9',
  failed: 'red.9',
  reversed: 'pink.9',
  canceled: 'dark.6',
  expired: 'orange.9',
};

const isLinkStatus = (status: string): status is LinkStatus =>
  (LINK_STATUSES as readonly string[]).includes(status);

/** A status in words ("Delivery failed"), and one the console does not know as the service wrote it. */
export function linkStatusWords(status: string): string {
  return isLinkStatus(status) ? LINK_STATUS_WORDS[status] : status;
}

/** A status's badge colour. */
export function linkStatusColor(status: string): string {
  return isLinkStatus(status) ? LINK_STATUS_COLORS[status] : 'gray.8';
}

/** Whether the payee may still claim it: it holds its amount, and can be cancelled or sent again. */
export function isOpenLink(status: string): boolean {
  return ['created', 'delivery_pending', 'delivery_failed', 'sent', 'delivered'].includes(status);
}

/** Whether sending it again makes sense: open, or expired (a redelivery opens it again). */
export function canRedeliver(status: string): boolean {
  return isOpenLink(status) || status === 'expired';
}

/** The vendor's limit on deliveries of one link. */
export const MAX_LINK_DELIVERIES = 5;

/** "Sam Seller · sam@example.com", "+1 415 555 0123", or "Anyone with the link". */
export function payeeText(
  payee:
    | {
        first_name?: string | null | undefined;
        last_name?: string | null | undefined;
        email?: string | null | undefined;
        country_code?: string | null | undefined;
        phone_number?: string | null | undefined;
      }
    | null
    | undefined,
): string {
  if (!payee) return 'Anyone with the link';
  const name = [payee.first_name, payee.last_name].filter(Boolean).join(' ');
  const phone = payee.phone_number ? `+${payee.country_code ?? '1'} ${payee.phone_number}` : '';
  const parts = [name, payee.email ?? '', phone].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Anyone with the link';
}

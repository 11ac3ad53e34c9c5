import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { MAX_PAYMENT_CENTS } from '../../lib/money';
import { UUID_PATTERN } from '../../lib/uuid';
import { HttpError, notFoundOrUnauthorized } from '../http-error';
import type { Db } from '../store/db';
import {
  addLinkEvent,
  addToAppWallet,
  appWallet,
  findPayoutLink,
  findPayoutLinkByKey,
  insertPayoutLink,
  linkEvents,
  type PayoutLinkRow,
  updatePayoutLink,
} from '../store/payouts';
import { creditedAppOf, findUser, insertUser, type NamedApp, type UserRow } from '../store/tenants';
import type { Tenant } from './auth';
import { addPayoutMethod, addPayoutMethodSchema, methodFor } from './payout-method';
import { insufficientFunds, makePayout, payoutMetadata } from './payouts';

/**
 * Payout links: money for a payee who may have no account yet, delivered by email, SMS or a link to copy, and claimed
 * by the payee choosing a method. The link holds its money from the app's wallet from when it is made (the vendor's
 * default funding, `dots_balance`) until it is claimed, canceled or expires.
 */

export { LINK_STATUSES } from '../../lib/payout-link-states';

/** At most this many deliveries of one link (the vendor's rule). */
export const MAX_DELIVERIES = 5;
/** A link is claimable for this long. */
const LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const uuid = z.string().regex(UUID_PATTERN, 'Must be a UUID');
const payeeSchema = z
  .object({
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    country_code: z
      .string()
      .regex(/^\d{1,3}$/, 'A country calling code, like 1')
      .optional(),
    phone_number: z
      .string()
      .regex(/^\d{4,15}$/, 'The digits of the phone number')
      .optional(),
    email: z.email('An email address').max(320).optional(),
  })
  .strict();
const step = z.union([z.string(), z.object({ name: z.string() }).loose()]);

/** The vendor's body of POST /v2/payout-links. */
export const payoutLinkRequestSchema = z
  .object({
    user_id: uuid.optional(),
    payee: payeeSchema.optional(),
    amount: z.int('Whole cents').min(1, 'At least 1 cent').max(MAX_PAYMENT_CENTS, 'At most $1,000,000.00'),
    delivery: z
      .object({
        message: z.string().max(500).optional(),
        method: z.enum(['sms', 'link', 'email', 'all']).optional(),
      })
      .strict()
      .optional(),
    force_collect_compliance_information: z.boolean().optional(),
    tax_exempt: z.boolean().optional(),
    metadata: payoutMetadata.optional(),
    memo: z.string().max(500).optional(),
    idempotency_key: uuid.nullish(),
    payout_fee_party: z.enum(['user', 'platform']).nullish(),
    additional_steps: z.array(step).optional(),
    accounting_data: z
      .object({ quickbooks_account_id: z.int().optional(), quickbooks_class_id: z.int().optional() })
      .strict()
      .optional(),
    funding_source: z.enum(['dots_balance', 'ach']).optional(),
    hide_go_to_dashboard_on_complete: z.boolean().optional(),
    description: z.string().max(500).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const method = body.delivery?.method ?? 'link';
    if (method === 'sms' && !(body.payee?.country_code && body.payee.phone_number)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payee', 'phone_number'],
        message: 'An SMS needs the payee’s phone number',
      });
    }
    if (method === 'email' && !body.payee?.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['payee', 'email'],
        message: 'An email needs the payee’s email address',
      });
    }
  });
export type PayoutLinkRequest = z.infer<typeof payoutLinkRequestSchema>;

/** How a link went out, as its history says it to a person ("By all" said nothing). */
const DELIVERY_NOTES: Record<'sms' | 'link' | 'email' | 'all', string> = {
  email: 'By email',
  sms: 'By text message',
  all: 'By email and text message',
  link: 'As a link to copy',
};

type Payee = z.infer<typeof payeeSchema>;

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/**
 * A delivery in the sandbox: an address or a number that cannot take it (an email on `.invalid`, a phone number of
 * zeros after the area code) fails, anything else arrives at once. Nothing leaves this machine.
 */
function deliver(payee: Payee | null, method: string): 'delivered' | 'delivery_failed' | 'created' {
  if (method === 'link') return 'created';
  const email = method !== 'sms' ? payee?.email : undefined;
  const phone = method !== 'email' ? payee?.phone_number : undefined;
  if (!email && !phone) return 'created';
  if (email?.toLowerCase().endsWith('.invalid') || (phone && /^\d{3}0{7}$/.test(phone)))
    return 'delivery_failed';
  return 'delivered';
}

/** The vendor's `payout-link` as the sandbox answers it (+ extensions: its history, deliveries and expiry). */
export function payoutLinkView(db: Db, link: PayoutLinkRow) {
  const payee = parse<Payee>(link.payee);
  const delivery = Object.fromEntries(
    Object.entries({
      method: link.delivery_method,
      email: payee?.email,
      country_code: payee?.country_code,
      phone_number: payee?.phone_number,
    }).filter(([, value]) => value !== undefined),
  );
  const view: Record<string, unknown> = {
    id: link.id,
    created: link.created,
    link: `https://links.sandbox.payout.example/${link.id}`,
    amount: link.amount,
    status: link.status,
    ...(payee && Object.keys(payee).length > 0 ? { payee } : {}),
    delivery,
    tax_exempt: link.tax_exempt === 1,
    ...(link.claimed_user_id ? { claimed_user_id: link.claimed_user_id } : {}),
    ...(link.transfer_id ? { transfer_id: link.transfer_id } : {}),
    memo: link.memo,
    metadata: parse(link.metadata),
    description: link.description,
    funding_source: link.funding_source,
    // Extensions (x-extension in the sandbox's OpenAPI): who it is for, how often it went out, until when it holds.
    user_id: link.user_id ?? undefined,
    deliveries: link.deliveries,
    expires: new Date(link.expires_ms).toISOString(),
    history: linkEvents(db, link.id).map((event) => ({
      status: event.status,
      at: event.at,
      note: event.note ?? undefined,
    })),
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
}

export interface LinkContext {
  db: Db;
  tenant: Tenant;
  appId: string | undefined;
  nowMs: number;
}

/** Makes a link and delivers it; with an idempotency key seen before, answers that link (the vendor's rule). */
export function createPayoutLink(
  ctx: LinkContext,
  body: PayoutLinkRequest,
  /** send-payout: a user with a default method is paid at once, through the link. */
  options: { user?: UserRow } = {},
): { link: PayoutLinkRow; replayed: boolean } {
  const { db, tenant, nowMs } = ctx;
  return db.transaction(() => {
    if (body.idempotency_key) {
      const existing = findPayoutLinkByKey(db, tenant.orgId, body.idempotency_key);
      if (existing) return { link: existing, replayed: true };
    }
    const app = creditedAppOf(db, tenant.orgId, ctx.appId);
    if (!app) throw notFoundOrUnauthorized();
    const user = body.user_id ? findUser(db, tenant.orgId, body.user_id) : undefined;
    if (body.user_id && !user) throw notFoundOrUnauthorized();
    const funding = body.funding_source ?? 'dots_balance';
    if (funding === 'dots_balance') {
      const has = appWallet(db, app.id);
      if (has < body.amount) throw insufficientFunds(`The app's wallet (${app.name})`, has, body.amount);
      addToAppWallet(db, tenant.orgId, app.id, -body.amount);
    }
    const payee: Payee = {
      ...(user ? { first_name: user.first_name, last_name: user.last_name, email: user.email } : {}),
      ...body.payee,
    };
    const method = body.delivery?.method ?? 'link';
    const created = new Date(nowMs).toISOString();
    const delivered = deliver(payee, method);
    const link: Omit<PayoutLinkRow, 'seq'> = {
      id: randomUUID(),
      org_id: tenant.orgId,
      app_id: app.id,
      user_id: user?.id ?? null,
      payee: Object.keys(payee).length > 0 ? JSON.stringify(payee) : null,
      amount: body.amount,
      status: delivered,
      delivery_method: method,
      deliveries: delivered === 'created' ? 0 : 1,
      memo: body.memo ?? null,
      description: body.description ?? null,
      metadata: body.metadata === undefined ? null : JSON.stringify(body.metadata),
      tax_exempt: body.tax_exempt ? 1 : 0,
      funding_source: funding,
      funds_held: funding === 'dots_balance' ? 1 : 0,
      idempotency_key: body.idempotency_key ?? null,
      claimed_user_id: null,
      transfer_id: null,
      created,
      created_ms: nowMs,
      expires_ms: nowMs + LINK_TTL_MS,
    };
    insertPayoutLink(db, link);
    addLinkEvent(db, link.id, 'created', created);
    if (delivered !== 'created') {
      addLinkEvent(db, link.id, 'sent', created, DELIVERY_NOTES[method]);
      addLinkEvent(
        db,
        link.id,
        delivered,
        created,
        delivered === 'delivery_failed' ? 'The address or number did not take it' : null,
      );
    }
    const row = findPayoutLink(db, tenant.orgId, link.id) as PayoutLinkRow;
    if (options.user) return { link: claim(db, app, row, options.user, nowMs), replayed: false };
    return { link: row, replayed: false };
  })();
}

const OPEN = new Set(['created', 'delivery_pending', 'delivery_failed', 'sent', 'delivered', 'expired']);

/** The link's money back to the app's wallet (a link canceled or expired while it held it). */
function release(db: Db, link: PayoutLinkRow): void {
  if (link.funds_held) {
    addToAppWallet(db, link.org_id, link.app_id, link.amount);
    updatePayoutLink(db, link.id, { funds_held: 0 });
  }
}

export function cancelPayoutLink(db: Db, orgId: string, id: string, nowMs: number): PayoutLinkRow {
  return db.transaction(() => {
    const link = findPayoutLink(db, orgId, id);
    if (!link) throw notFoundOrUnauthorized();
    if (!OPEN.has(link.status)) {
      throw new HttpError(409, 'link-not-cancelable', `A ${link.status} payout link cannot be canceled`);
    }
    release(db, link);
    updatePayoutLink(db, id, { status: 'canceled' });
    addLinkEvent(
      db,
      id,
      'canceled',
      new Date(nowMs).toISOString(),
      'Its money went back to the app’s wallet',
    );
    return findPayoutLink(db, orgId, id) as PayoutLinkRow;
  })();
}

/**
 * Sends a link again (at most MAX_DELIVERIES times): "my link never arrived". An expired link opens again for the
 * link's lifetime, holding its money again. A link that is claimed, canceled or has no address is not redelivered.
 */
export function redeliverPayoutLink(db: Db, orgId: string, id: string, nowMs: number) {
  return db.transaction(() => {
    const link = findPayoutLink(db, orgId, id);
    if (!link) throw notFoundOrUnauthorized();
    const at = new Date(nowMs).toISOString();
    const payee = parse<Payee>(link.payee);
    const outcome = deliver(payee, link.delivery_method);
    const refusal = !OPEN.has(link.status)
      ? `A ${link.status} payout link is not redelivered`
      : link.deliveries >= MAX_DELIVERIES
        ? `Delivered ${MAX_DELIVERIES} times already: the most a link is`
        : outcome === 'created'
          ? 'This link has no email or phone to deliver to: copy it instead'
          : null;
    if (refusal) return { link, redelivered: false, reason: refusal };
    if (link.status === 'expired' && !link.funds_held && link.funding_source === 'dots_balance') {
      const has = appWallet(db, link.app_id);
      if (has < link.amount) throw insufficientFunds("The app's wallet", has, link.amount);
      addToAppWallet(db, orgId, link.app_id, -link.amount);
      updatePayoutLink(db, id, { funds_held: 1, expires_ms: nowMs + LINK_TTL_MS });
    }
    updatePayoutLink(db, id, { status: outcome, deliveries: link.deliveries + 1 });
    addLinkEvent(db, id, 'sent', at, `Again, by ${link.delivery_method}`);
    addLinkEvent(db, id, outcome, at, null);
    return { link: findPayoutLink(db, orgId, id) as PayoutLinkRow, redelivered: true, reason: undefined };
  })();
}

/** A sandbox helper: the link's time runs out, and its money goes back. */
export function expirePayoutLink(db: Db, link: PayoutLinkRow, nowMs: number): PayoutLinkRow {
  return db.transaction(() => {
    if (!OPEN.has(link.status) || link.status === 'expired') {
      throw new HttpError(409, 'link-not-open', `A ${link.status} payout link cannot expire`);
    }
    release(db, link);
    updatePayoutLink(db, link.id, { status: 'expired', expires_ms: nowMs });
    addLinkEvent(
      db,
      link.id,
      'expired',
      new Date(nowMs).toISOString(),
      'Its money went back to the app’s wallet',
    );
    return findPayoutLink(db, link.org_id, link.id) as PayoutLinkRow;
  })();
}

/** The link paid to the user's method: a payout from the money the link held. */
function claim(db: Db, app: NamedApp, link: PayoutLinkRow, user: UserRow, nowMs: number) {
  const method = methodFor(db, user, 'default', undefined);
  if (!method) throw new HttpError(400, 'no-payout-method', 'The payee has no payout method to be paid to');
  const transferId = makePayout({
    db,
    orgId: link.org_id,
    app,
    user,
    method,
    amount: link.amount,
    fund: true,
    alreadyHeld: link.funds_held === 1,
    metadata: parse(link.metadata),
    idempotencyKey: null,
    nowMs,
    payoutLinkId: link.id,
  });
  updatePayoutLink(db, link.id, {
    status: 'claimed',
    claimed_user_id: user.id,
    transfer_id: transferId,
    funds_held: 0,
  });
  addLinkEvent(db, link.id, 'claimed', new Date(nowMs).toISOString(), `To ${method.description}`);
  return findPayoutLink(db, link.org_id, link.id) as PayoutLinkRow;
}

/** What the payee chooses when they open the link (the claim helper's body): a method of any rail. */
export const claimSchema = addPayoutMethodSchema;

/**
 * A sandbox helper: the payee opens the link and picks a method, as they would on the link's page. A payee with no
 * user yet becomes one (from the link's payee details); the method is added to them; the link pays it.
 */
export function claimPayoutLink(
  db: Db,
  link: PayoutLinkRow,
  choice: z.infer<typeof claimSchema>,
  nowMs: number,
): PayoutLinkRow {
  return db.transaction(() => {
    if (!OPEN.has(link.status) || link.status === 'expired') {
      throw new HttpError(409, 'link-not-open', `A ${link.status} payout link cannot be claimed`);
    }
    const app = creditedAppOf(db, link.org_id, link.app_id);
    if (!app) throw notFoundOrUnauthorized();
    const created = new Date(nowMs).toISOString();
    let user = link.user_id ? findUser(db, link.org_id, link.user_id) : undefined;
    if (!user) {
      const payee = parse<Payee>(link.payee) ?? {};
      const row: UserRow = {
        id: randomUUID(),
        org_id: link.org_id,
        first_name: payee.first_name ?? 'Link',
        last_name: payee.last_name ?? 'Payee',
        email: payee.email ?? choice.email ?? `payee-${link.id.slice(0, 8)}@links.sandbox.example`,
        country_code: payee.country_code ?? null,
        phone_number: payee.phone_number ?? null,
        status: 'verified',
        created,
      };
      insertUser(db, row);
      user = findUser(db, link.org_id, row.id) as UserRow;
    }
    addPayoutMethod(db, link.org_id, user.id, { ...choice, is_default: true }, created);
    return claim(db, app, link, findUser(db, link.org_id, user.id) as UserRow, nowMs);
  })();
}

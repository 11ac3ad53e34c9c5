import { randomUUID } from 'node:crypto';
import type { Payee, PayoutLinkRequest } from '../../lib/requests/payout-links';
import type { AddPayoutMethod } from '../../lib/requests/payout-methods';
import type { SendPayoutRequest } from '../../lib/requests/payouts';
import type { AnyWords, Disagreements, WireAgrees } from '../../lib/wire/agreement';
import type { PayoutLink, SandboxPayoutLink } from '../../lib/wire/resources';
import type { Db } from '../store/db';
import { newLinkToken } from '../store/link-token';
import {
  addLinkEvent,
  findPayoutLink,
  findPayoutLinkAnyTenant,
  findPayoutLinkByKey,
  findPayoutLinkByToken,
  insertPayoutLink,
  linkEvents,
  type PayoutLinkRow,
  updatePayoutLink,
} from '../store/payouts';
import { creditedAppOf, findUser, insertUser, type NamedApp, type UserRow } from '../store/tenants';
import type { Caller, HelperCaller } from './auth';
import { DomainError, found, notFoundOrUnauthorized } from './errors';
import { appWallet, post, requireFunds } from './ledger';
import { keysetPage, type PageQuery } from './pages';
import { addPayoutMethod, methodFor } from './payout-method';
import { makePayout } from './payouts';

/** A link's hold on the app's wallet, or its release: a movement without a transfer (the link says which). */
function holdLine(
  db: Db,
  link: { id: string; org_id: string; app_id: string; amount: number },
  appName: string,
  cents: number,
  nowMs: number,
) {
  post({
    db,
    orgId: link.org_id,
    transferId: null,
    nowMs,
    metadata: JSON.stringify({ payout_link_id: link.id, held: cents < 0 }),
    lines: [
      {
        wallet: appWallet(link.app_id),
        amount: cents,
        type: 'balance',
        source_name: cents < 0 ? appName : 'Payout link',
        destination_name: cents < 0 ? 'Payout link' : appName,
      },
    ],
  });
}

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

/** How a link went out, as its history says it to a person ("By all" said nothing). */
const DELIVERY_NOTES: Record<'sms' | 'link' | 'email' | 'all', string> = {
  email: 'By email',
  sms: 'By text message',
  all: 'By email and text message',
  link: 'As a link to copy',
};

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

/** The URL a payee opens: the link's random token, nothing derived from its id (which every member reads). */
export function payoutLinkUrl(token: string): string {
  return `https://links.sandbox.payout.example/${token}`;
}

/** The vendor's `payout-link` as the sandbox answers it (+ extensions: its history, deliveries and expiry). */
export function payoutLinkView(db: Db, link: PayoutLinkRow) {
  const payee = parse<Payee>(link.payee);
  const delivery: AnyWords<NonNullable<PayoutLink['delivery']>> = Object.fromEntries(
    Object.entries({
      method: link.delivery_method,
      email: payee?.email,
      country_code: payee?.country_code,
      phone_number: payee?.phone_number,
    }).filter(([, value]) => value !== undefined),
  );
  const view = {
    id: link.id,
    created: link.created,
    link: payoutLinkUrl(link.token),
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
  // Fields it does not have are left out, not answered as null.
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as Partial<
    typeof view
  > & { id: string };
}

/** Compiles only while the sandbox answers a payout link as the vendor's document (and the extension) says. */
export type PayoutLinkAnswersTheWire = WireAgrees<
  Disagreements<ReturnType<typeof payoutLinkView>, SandboxPayoutLink>
>;

type PayoutLinkView = ReturnType<typeof payoutLinkView>;

/** A page of the caller's payout links, newest first (`status`: an extension filter). */
export function listPayoutLinks({ db, tenant }: Caller, query: PageQuery & { status?: string | undefined }) {
  const find = (id: string) => findPayoutLink(db, tenant.orgId, id);
  return keysetPage(db, 'payout_links', tenant.orgId, query, find, (row) => payoutLinkView(db, row));
}

export function payoutLinkOf({ db, tenant }: Caller, linkId: string): PayoutLinkView {
  return payoutLinkView(db, found(findPayoutLink(db, tenant.orgId, linkId)));
}

/** Makes a link and delivers it; with an idempotency key seen before, answers that link (the vendor's rule). */
export function createPayoutLink(
  ctx: Caller,
  body: PayoutLinkRequest,
  /** send-payout: a user with a default method is paid at once, through the link. */
  options: { user?: UserRow } = {},
): { link: PayoutLinkView; replayed: boolean } {
  const { db, tenant, nowMs } = ctx;
  return db.transaction(() => {
    if (body.idempotency_key) {
      const existing = findPayoutLinkByKey(db, tenant.orgId, body.idempotency_key);
      if (existing) return { link: payoutLinkView(db, existing), replayed: true };
    }
    const app = creditedAppOf(db, tenant.orgId, ctx.appId);
    if (!app) throw notFoundOrUnauthorized();
    const user = body.user_id ? findUser(db, tenant.orgId, body.user_id) : undefined;
    if (body.user_id && !user) throw notFoundOrUnauthorized();
    const funding = body.funding_source ?? 'dots_balance';
    if (funding === 'dots_balance') {
      requireFunds(db, tenant.orgId, appWallet(app.id), body.amount, `The app's wallet (${app.name})`);
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
      token: newLinkToken(),
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
    if (link.funds_held) holdLine(db, link, app.name, -link.amount, nowMs);
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
    const paid = options.user ? claim(db, app, row, options.user, nowMs) : row;
    return { link: payoutLinkView(db, paid), replayed: false };
  })();
}

/**
 * POST /v2/payouts/send-payout: a user ready to be paid (not disabled, with a default method) is paid at once,
 * through a link that says claimed; anyone else is sent a link (by SMS to a phone; to a user by every way they have;
 * else a link to copy).
 */
export function sendPayout(ctx: Caller, body: SendPayoutRequest) {
  const { db, tenant } = ctx;
  const user = body.user_id ? found(findUser(db, tenant.orgId, body.user_id)) : undefined;
  const ready =
    user && user.status !== 'disabled' && methodFor(db, user, 'default', undefined) ? user : undefined;
  return createPayoutLink(
    ctx,
    {
      amount: body.amount,
      ...(body.user_id ? { user_id: body.user_id } : {}),
      ...(body.payee ? { payee: body.payee } : {}),
      delivery: {
        method: body.payee ? 'sms' : user ? 'all' : 'link',
        ...(body.delivery?.message ? { message: body.delivery.message } : {}),
      },
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      ...(body.memo ? { memo: body.memo } : {}),
      ...(body.tax_exempt !== undefined ? { tax_exempt: body.tax_exempt } : {}),
      idempotency_key: body.idempotency_key ?? null,
    },
    ready ? { user: ready } : {},
  );
}

const OPEN = new Set(['created', 'delivery_pending', 'delivery_failed', 'sent', 'delivered', 'expired']);

/** The link's money back to the app's wallet (a link canceled or expired while it held it). */
function release(db: Db, link: PayoutLinkRow, nowMs: number): void {
  if (link.funds_held) {
    const app = creditedAppOf(db, link.org_id, link.app_id);
    holdLine(db, link, app?.name ?? "The app's wallet", link.amount, nowMs);
    updatePayoutLink(db, link.id, { funds_held: 0 });
  }
}

/** Cancels a link that is not claimed: its money goes back to the app's wallet. */
export function cancelPayoutLink({ db, tenant, nowMs }: Caller, id: string): PayoutLinkView {
  const { orgId } = tenant;
  return db.transaction(() => {
    const link = found(findPayoutLink(db, orgId, id));
    if (!OPEN.has(link.status)) {
      throw new DomainError(
        'conflict',
        'link-not-cancelable',
        `A ${link.status} payout link cannot be canceled`,
      );
    }
    release(db, link, nowMs);
    updatePayoutLink(db, id, { status: 'canceled' });
    addLinkEvent(
      db,
      id,
      'canceled',
      new Date(nowMs).toISOString(),
      'Its money went back to the app’s wallet',
    );
    return payoutLinkView(db, findPayoutLink(db, orgId, id) as PayoutLinkRow);
  })();
}

/**
 * Sends a link again (at most MAX_DELIVERIES times): "my link never arrived". An expired link opens again for the
 * link's lifetime, holding its money again. A link that is claimed, canceled or has no address is not redelivered.
 */
export function redeliverPayoutLink({ db, tenant, nowMs }: Caller, id: string) {
  const { orgId } = tenant;
  // `redelivered` says whether it went; `reason` (an extension) why not.
  const answer = (link: PayoutLinkRow, reason: string | null) => ({
    payout_link: payoutLinkView(db, link),
    redelivered: reason === null,
    ...(reason ? { reason } : {}),
  });
  return db.transaction(() => {
    const link = found(findPayoutLink(db, orgId, id));
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
    if (refusal) return answer(link, refusal);
    if (link.status === 'expired' && !link.funds_held && link.funding_source === 'dots_balance') {
      requireFunds(db, orgId, appWallet(link.app_id), link.amount, "The app's wallet");
      const app = creditedAppOf(db, orgId, link.app_id);
      holdLine(db, link, app?.name ?? "The app's wallet", -link.amount, nowMs);
      updatePayoutLink(db, id, { funds_held: 1, expires_ms: nowMs + LINK_TTL_MS });
    }
    updatePayoutLink(db, id, { status: outcome, deliveries: link.deliveries + 1 });
    addLinkEvent(db, id, 'sent', at, `Again, by ${link.delivery_method}`);
    addLinkEvent(db, id, outcome, at, null);
    return answer(findPayoutLink(db, orgId, id) as PayoutLinkRow, null);
  })();
}

/** A link of any tenant, for a sandbox helper (helpers take no credentials). */
function anyTenantLink(db: Db, id: string): PayoutLinkRow {
  const link = findPayoutLinkAnyTenant(db, id);
  if (!link) throw new DomainError('not-found', 'link-not-found', 'No payout link has this id');
  return link;
}

/** A sandbox helper: the link's time runs out, and its money goes back. */
export function expirePayoutLink({ db, nowMs }: HelperCaller, id: string): PayoutLinkView {
  const link = anyTenantLink(db, id);
  return db.transaction(() => {
    if (!OPEN.has(link.status) || link.status === 'expired') {
      throw new DomainError('conflict', 'link-not-open', `A ${link.status} payout link cannot expire`);
    }
    release(db, link, nowMs);
    updatePayoutLink(db, link.id, { status: 'expired', expires_ms: nowMs });
    addLinkEvent(
      db,
      link.id,
      'expired',
      new Date(nowMs).toISOString(),
      'Its money went back to the app’s wallet',
    );
    return payoutLinkView(db, findPayoutLink(db, link.org_id, link.id) as PayoutLinkRow);
  })();
}

/** The link paid to the user's method: a payout from the money the link held. */
function claim(db: Db, app: NamedApp, link: PayoutLinkRow, user: UserRow, nowMs: number) {
  const method = methodFor(db, user, 'default', undefined);
  if (!method)
    throw new DomainError('invalid', 'no-payout-method', 'The payee has no payout method to be paid to');
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

/**
 * A sandbox helper: the payee opens the link and picks a method, as they would on the link's page. A payee with no
 * user yet becomes one (from the link's payee details); the method is added to them; the link pays it.
 */
export function claimPayoutLink(
  { db, nowMs }: HelperCaller,
  token: string,
  choice: AddPayoutMethod,
): PayoutLinkView {
  // By the token of its URL only: the id is read by every member from the list, and claims nothing.
  const link = findPayoutLinkByToken(db, token);
  if (!link) throw new DomainError('not-found', 'link-not-found', 'No payout link has this token');
  return db.transaction(() => {
    if (!OPEN.has(link.status) || link.status === 'expired') {
      throw new DomainError('conflict', 'link-not-open', `A ${link.status} payout link cannot be claimed`);
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
    return payoutLinkView(db, claim(db, app, link, findUser(db, link.org_id, user.id) as UserRow, nowMs));
  })();
}

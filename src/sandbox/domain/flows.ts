import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CreateFlow, FlowStep } from '../../lib/requests/onboarding';
import type { AddPayoutMethod } from '../../lib/requests/payout-methods';
import type { CreateUser, SubmitCompliance } from '../../lib/requests/users';
import { newLinkToken } from '../store/link-token';
import {
  type FlowRow,
  findFlow,
  findFlowByToken,
  findUserProfile,
  insertFlow,
  pageOfFlows,
  setFlowOptions,
  setFlowProgress,
  setUserProfile,
} from '../store/onboarding';
import { creditedAppOf, getOrganization } from '../store/tenants';
import type { Caller } from './auth';
import { DomainError, found } from './errors';
import { createUser, sendVerificationCode, submitTaxForm, verifyUser } from './onboarding-users';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';
import { addPayoutMethod, payoutMethodsOf } from './payout-method';
import { makePayout } from './payouts';

/** A flow made for a user is authenticated for 15 minutes (the document's words). */
export const USER_FLOW_TTL_MS = 15 * 60 * 1000;
/** A flow for a new payee, or one that asks its user to verify, lasts 72 hours, as a KYB link does. */
export const OPEN_FLOW_TTL_MS = 72 * 60 * 60 * 1000;

/** The path of a flow's hosted pages on the service's origin: a path no page of the console uses. */
export const FLOW_PATH = '/flow';

export interface FlowOptions {
  redirect_url?: string;
  auto_payout_enabled?: boolean;
  require_auth?: boolean;
  hide_go_to_dashboard_on_complete?: boolean;
  /** On a flow that requires it: the payee entered the code sent to the user's phone. */
  authenticated?: boolean;
}

/** The order a payee meets the steps in: as given, except that a redirect is always last. */
function orderedSteps(steps: CreateFlow['steps']): { names: FlowStep[]; options: FlowOptions } {
  const options: FlowOptions = {};
  const names: FlowStep[] = [];
  for (const step of steps) {
    const name = typeof step === 'string' ? step : step.name;
    if (typeof step !== 'string') {
      if (step.redirect_url) options.redirect_url = step.redirect_url;
      if (step.auto_payout_enabled !== undefined) options.auto_payout_enabled = step.auto_payout_enabled;
    }
    names.push(name);
  }
  return {
    names: [...names.filter((n) => n !== 'redirect'), ...names.filter((n) => n === 'redirect')],
    options,
  };
}

export function flowUrl(origin: string, token: string): string {
  return `${origin}${FLOW_PATH}/${token}`;
}

/** The vendor's `flow` (+ extensions: `expires_at`, and the flow's `status`). */
export function flowView(flow: FlowRow, origin: string, nowMs: number) {
  const steps = JSON.parse(flow.steps) as FlowStep[];
  const completed = JSON.parse(flow.completed_steps) as FlowStep[];
  const done = steps.every((step) => completed.includes(step));
  return {
    id: flow.id,
    created: flow.created,
    user_id: flow.user_id,
    steps,
    completed_steps: completed,
    link: flowUrl(origin, flow.token),
    metadata: flow.metadata ? JSON.parse(flow.metadata) : null,
    expires_at: flow.expires_ms === null ? null : new Date(flow.expires_ms).toISOString(),
    status: done ? 'completed' : flow.expires_ms !== null && flow.expires_ms <= nowMs ? 'expired' : 'open',
  };
}

export function createFlow({ db, tenant, nowMs }: Caller, body: CreateFlow, origin: string) {
  return db.transaction(() => {
    if (body.user_id) found(findUserProfile(db, tenant.orgId, body.user_id));
    const { names, options } = orderedSteps(body.steps);
    if (body.require_auth) options.require_auth = true;
    if (body.hide_go_to_dashboard_on_complete) options.hide_go_to_dashboard_on_complete = true;
    const ttl = body.user_id && !body.require_auth ? USER_FLOW_TTL_MS : OPEN_FLOW_TTL_MS;
    const row: Omit<FlowRow, 'seq'> = {
      id: randomUUID(),
      org_id: tenant.orgId,
      user_id: body.user_id ?? null,
      token: newLinkToken(),
      csrf: randomBytes(24).toString('base64url'),
      steps: JSON.stringify(names),
      options: JSON.stringify(options),
      completed_steps: '[]',
      metadata: body.metadata === undefined ? null : JSON.stringify(body.metadata),
      created: new Date(nowMs).toISOString(),
      created_ms: nowMs,
      expires_ms: nowMs + ttl,
    };
    insertFlow(db, row);
    return flowView({ ...row, seq: 0 }, origin, nowMs);
  })();
}

export function flowOf({ db, tenant, nowMs }: Caller, flowId: string, origin: string) {
  return flowView(found(findFlow(db, tenant.orgId, flowId)), origin, nowMs);
}

export function flowsOf(
  { db, tenant, nowMs }: Caller,
  query: PageQuery & { user_id?: string | undefined },
  origin: string,
) {
  const find = (id: string) => findFlow(db, tenant.orgId, id);
  const page = pageOfFlows(
    db,
    { orgId: tenant.orgId, userId: query.user_id },
    {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      after: cursorRow(query.starting_after, find)?.seq,
      before: cursorRow(query.ending_before, find)?.seq,
    },
  );
  return { data: page.rows.map((row) => flowView(row, origin, nowMs)), has_more: page.more };
}

// ---- The hosted pages' side: a payee holding the link, never a tenant's credentials. ----

export type FlowPage =
  | { kind: 'details' }
  /** A flow made with `require_auth`: the payee proves they are the user (a code to their phone) before any step. */
  | { kind: 'auth'; phoneLast4: string }
  | { kind: 'step'; step: FlowStep }
  | { kind: 'done'; redirect: string | null };

export interface OpenFlow {
  flow: FlowRow;
  /** The organization's name, as the payee knows who asks. */
  organization: string;
  options: FlowOptions;
  steps: FlowStep[];
  completed: FlowStep[];
  page: FlowPage;
}

/** The flow a link opens, and the page it is on: refused when the link is unknown or past its time. */
export function openFlow(db: Caller['db'], token: string, nowMs: number): OpenFlow {
  const flow = findFlowByToken(db, token);
  if (!flow) throw new DomainError('not-found', 'flow-not-found', 'This link is not valid');
  const steps = JSON.parse(flow.steps) as FlowStep[];
  const completed = JSON.parse(flow.completed_steps) as FlowStep[];
  const options = JSON.parse(flow.options) as FlowOptions;
  const remaining = steps.filter((step) => !completed.includes(step) && step !== 'redirect');
  const finished = remaining.length === 0;
  if (!finished && flow.expires_ms !== null && flow.expires_ms <= nowMs) {
    throw new DomainError('conflict', 'flow-expired', 'This link has expired; ask for a new one');
  }
  const needsAuth = !finished && flow.user_id !== null && options.require_auth && !options.authenticated;
  const page: FlowPage = !flow.user_id
    ? { kind: 'details' }
    : needsAuth
      ? {
          kind: 'auth',
          phoneLast4: (findUserProfile(db, flow.org_id, flow.user_id)?.phone_number ?? '').slice(-4),
        }
      : finished
        ? { kind: 'done', redirect: steps.includes('redirect') ? (options.redirect_url ?? null) : null }
        : { kind: 'step', step: remaining[0] as FlowStep };
  const organization = getOrganization(db, flow.org_id)?.name ?? 'Payouts';
  return { flow, organization, options, steps, completed, page };
}

/** The form's token matches the one bound to this link (the CSRF check of every POST of a flow's pages). */
export function csrfMatches(flow: FlowRow, given: string): boolean {
  const want = Buffer.from(flow.csrf);
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

function complete(db: Caller['db'], open: OpenFlow, step: FlowStep, userId: string | null = null): void {
  const completed = [...open.completed.filter((s) => s !== step), step];
  // A redirect step is done when the payee reaches it, with the rest.
  if (open.steps.includes('redirect') && open.steps.every((s) => s === 'redirect' || completed.includes(s))) {
    completed.push('redirect');
  }
  setFlowProgress(db, open.flow.id, JSON.stringify(completed), userId);
}

/** The payee's own details, on a flow made for a new payee: they become its user. */
export function submitDetails(db: Caller['db'], open: OpenFlow, body: CreateUser, nowMs: number) {
  return db.transaction(() => {
    const user = createUser(
      { db, tenant: { orgId: open.flow.org_id, clientId: '' }, appId: undefined, nowMs },
      body,
    );
    setFlowProgress(db, open.flow.id, open.flow.completed_steps, user.id);
  })();
}

function flowUser(db: Caller['db'], open: OpenFlow) {
  return found(findUserProfile(db, open.flow.org_id, open.flow.user_id ?? ''));
}

/** The payee's tax form: theirs, kept without its TIN. */
export function submitFlowCompliance(
  db: Caller['db'],
  open: OpenFlow,
  body: SubmitCompliance,
  nowMs: number,
) {
  db.transaction(() => {
    submitTaxForm(db, flowUser(db, open), body, nowMs);
    complete(db, open, 'compliance');
  })();
}

/** The payee's own payout method, made their default (and auto payout as the flow says). */
export function submitFlowPayoutMethod(
  db: Caller['db'],
  open: OpenFlow,
  body: AddPayoutMethod,
  nowMs: number,
) {
  db.transaction(() => {
    const user = flowUser(db, open);
    addPayoutMethod(
      db,
      open.flow.org_id,
      user.id,
      { ...body, is_default: true },
      new Date(nowMs).toISOString(),
    );
    setUserProfile(db, user.id, { auto_payout: open.options.auto_payout_enabled === false ? 0 : 1 });
    complete(db, open, open.page.kind === 'step' ? open.page.step : 'manage-payouts');
  })();
}

/** The payee's wallet, paid out to their default method (the payout step); nothing to pay completes it too. */
export function claimFlowPayout(db: Caller['db'], open: OpenFlow, nowMs: number) {
  db.transaction(() => {
    const user = flowUser(db, open);
    const amount = user.wallet ?? 0;
    if (amount > 0) {
      const method = payoutMethodsOf(db, user).find((m) => m.is_default);
      if (!method) {
        throw new DomainError('invalid', 'no-payout-method', 'Add where your money goes first', [
          { path: 'method', message: 'Add a payout method first' },
        ]);
      }
      const app = creditedAppOf(db, open.flow.org_id, undefined);
      if (!app) throw new DomainError('conflict', 'no-app', 'The organization has no app to pay from');
      makePayout({
        db,
        orgId: open.flow.org_id,
        app,
        user,
        method,
        amount,
        fund: false,
        metadata: { flow_id: open.flow.id },
        idempotencyKey: null,
        nowMs,
      });
    }
    complete(db, open, 'payout');
  })();
}

/** A step the sandbox does not model beyond a confirmation (identity, background check, ...): the payee confirms. */
export function confirmFlowStep(db: Caller['db'], open: OpenFlow, step: FlowStep) {
  db.transaction(() => complete(db, open, step))();
}

/** Sends the user the code that opens a flow requiring authentication (the verification code, its lock-out). */
export function sendFlowCode(db: Caller['db'], open: OpenFlow, nowMs: number, lockMs: number): void {
  sendVerificationCode(
    { db, tenant: { orgId: open.flow.org_id, clientId: '' }, appId: undefined, nowMs },
    flowUser(db, open).id,
    lockMs,
  );
}

/** The payee's code: right, the flow is theirs from now on; wrong, an attempt is spent (five lock it). */
export function authenticateFlow(
  db: Caller['db'],
  open: OpenFlow,
  code: string,
  nowMs: number,
  lockMs: number,
): void {
  verifyUser(db, flowUser(db, open), code, nowMs, lockMs);
  setFlowOptions(db, open.flow.id, JSON.stringify({ ...open.options, authenticated: true }));
}

/** What the payout step offers: the user's wallet and default method. */
export function payoutOffer(db: Caller['db'], open: OpenFlow) {
  const user = flowUser(db, open);
  return { wallet: user.wallet ?? 0, method: payoutMethodsOf(db, user).find((m) => m.is_default) ?? null };
}

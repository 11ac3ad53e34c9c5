import type { AuditAction } from '../../lib/audit-actions';
import { accountConfirmationProblem, movesMoney, payoutMethodFromForm } from '../../lib/flow-links';
import { formatCents } from '../../lib/money';
import { addPayoutMethodSchema } from '../../lib/requests/payout-methods';
import { activePolicy } from '../approvals/policy';
import * as flowRows from '../db/repositories/onboarding/flow-links';
import { findOrganization } from '../db/repositories/team/organizations';
import * as payeeRows from '../db/repositories/team/payee-requests';
import type { FlowLinkRow } from '../db/schema/onboarding';
import { type CallService, RuleCheckUnavailable, readForRule, serviceRequest } from '../gate/service-calls';
import { releaseSpend, reserveSpend } from '../gate/spend';
import { listPayeeRequests } from '../payees/decide';
import { proposePayeeChange } from '../payees/destination';
import type { Team } from '../team';
import { hashToken, placeFlowEmailNote } from './flow-links';
import { flowNotice } from './flow-notice';

/**
 * A hosted flow's pages as the console server lets them act (sandbox mode, where the console's origin serves them).
 * Every form a payee sends is a line of the trail (the payee, by the flow; what they did; never an account number).
 * A link that reached only its payee (mailed to their own email) acts as theirs: their method, their claim. A link its
 * maker could have seen changes where money goes only under the rule a member's change meets (with approvals on, a
 * payee request of the maker's, which a second member confirms), and its payout is money the maker moves: judged by
 * the approval limit and the maker's day, and counted there.
 */

export type PassToPages = (request: Request) => Promise<Response>;

/** What a payee's form did, for its line of the trail: who is the payee by the flow, never a member. */
export interface FlowPageLine {
  orgId: string;
  action: AuditAction;
  targets: string[];
  detail: string;
  amountCents?: number;
}

/** A form posted on a flow's link, as the route read it. */
export interface FlowPagePost {
  /** The request as it came, to send on to the pages. */
  request: Request;
  token: string;
  values: Record<string, string>;
}

const METHOD_STEPS = new Set(['manage-payouts', 'manage-payments']);

function actionOf(step: string): AuditAction {
  if (step === 'details') return 'flow.details';
  if (step === 'compliance') return 'flow.compliance';
  if (METHOD_STEPS.has(step)) return 'flow.payout-method';
  if (step === 'payout') return 'flow.payout';
  return 'flow.step';
}

/** The page as the service shows it now: the step it asks for and its form's token (CSRF), read from its form. */
async function shownNow(pass: PassToPages, url: string): Promise<{ step: string; csrf: string } | null> {
  const page = await pass(new Request(url, { method: 'GET' }));
  // A page the service did not show (5xx) is not "no step": the post is not sent unjudged.
  if (page.status >= 500) throw new RuleCheckUnavailable(new URL(url).pathname, `status ${page.status}`);
  if (page.status !== 200) return null;
  const html = await page.text();
  const step = /name="step" value="([^"]+)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  return step && csrf ? { step, csrf } : null;
}

/** A read the judgement rests on: null when the service says there is none (404), else it throws when unanswered. */
function readJson(call: CallService, request: Request): Promise<Record<string, unknown> | null> {
  return readForRule<Record<string, unknown>>(call, request, 'object');
}

/**
 * What becomes of a form posted on a flow's link: the answer, and its line (null for a flow the console did not make:
 * the service's own, or made with the organization's key, whose pages answer alone).
 */
export async function judgeFlowPost(
  team: Team,
  call: CallService | null,
  pass: PassToPages,
  post: FlowPagePost,
): Promise<{ response: Response; line: FlowPageLine | null }> {
  const link = await flowRows.findFlowLink(team.database.db, hashToken(post.token));
  if (!link) return { response: await pass(post.request), line: null };
  if (link.forged) {
    // Its row was changed in the database (reported): whose it is and where it reached cannot be known.
    const response = flowNotice(
      403,
      'Payouts',
      'This link cannot be used',
      'Nothing was sent. Ask for a new link from whoever sent you this one.',
    );
    return {
      response,
      line: {
        orgId: link.org_id,
        action: actionOf(post.values.step ?? ''),
        targets: [link.flow_id],
        detail: 'the onboarding link was changed outside the console: refused',
      },
    };
  }
  const { values } = post;
  const step = values.step ?? '';
  const line: FlowPageLine = {
    orgId: link.org_id,
    action: actionOf(step),
    targets: [link.flow_id, ...(link.user_id ? [link.user_id] : [])],
    detail: `the payee, through the onboarding link ${link.payee_only ? 'mailed to them alone' : 'its maker could see'}`,
  };
  const sent = async () => ({ response: await pass(post.request), line });
  if (step === 'details' && !link.payee_only) {
    // The payee's details through a link its maker could see are the maker's: the email typed there may be their own
    // mailbox, so it is counted as set by the maker (a link that moves money mailed there is not the payee's alone).
    const answered = await sent();
    if (answered.response.status === 303) await noteDetailsByMaker(team, call, link);
    return answered;
  }
  if (link.payee_only || !movesMoney([step])) {
    if (step === 'payout') line.amountCents = await walletOf(team, call, link);
    return sent();
  }
  // A money step of a link its maker could have seen: only the step the page shows now, with its own form token.
  const shown = await shownNow(pass, post.request.url);
  if (!shown || shown.step !== step || shown.csrf !== values.csrf) return sent();
  const org = await findOrganization(team.database.db, link.org_id);
  const organization = org?.name ?? 'Payouts';
  if (METHOD_STEPS.has(step)) {
    const method = addPayoutMethodSchema.safeParse(payoutMethodFromForm(values));
    // A form with mistakes: the service's page shows them, and nothing changes.
    if (!method.success || accountConfirmationProblem(values)) return sent();
    const policy = await activePolicy(team.database.db, link.org_id);
    if (!policy.enabled) return sent();
    const userId = link.user_id ?? (await flowUserOf(team, call, link));
    if (!userId || !org) return sent();
    // One change waits at a time: every form posted again would be one more request for the second member to sort.
    const waiting = await payeeRows.waitingPayeeRequest(
      team.database.db,
      { org_id: link.org_id, user_id: userId, proposer_id: link.maker_id, operation: 'add-payout-method' },
      team.now().toISOString(),
    );
    if (waiting) {
      line.targets = [link.flow_id, userId, waiting.id];
      line.detail = `${line.detail}; refused: a payee request waits already`;
      const response = flowNotice(
        409,
        organization,
        'A payout method is waiting already',
        `Nothing was changed. ${waiting.after_method}, which you sent before, is waiting for confirmation by a second person at ${organization}; once they decide it, you can send another.`,
      );
      return { response, line };
    }
    const held = await proposePayeeChange(team, call, {
      orgId: link.org_id,
      proposerId: link.maker_id,
      credentials: team.credentialsFor(org),
      change: { operation: 'add-payout-method', userId, body: { ...method.data, is_default: true } },
      ticket: null,
    });
    if (held.kind !== 'waiting') return sent();
    line.targets = [link.flow_id, userId, held.request.id];
    line.detail = `${line.detail}; waits for a second member (payee request)`;
    const response = flowNotice(
      202,
      organization,
      'Waiting for confirmation',
      `Thank you. ${organization} confirms a new payout method with a second person before it is used; you will be paid to it once they do. You can close this page.`,
    );
    return { response, line };
  }
  // The payout step: money the maker moves, by the approval limit and their day.
  const amount = await walletOf(team, call, link);
  line.amountCents = amount;
  if (amount <= 0) return sent();
  const reserved = await reserveSpend(
    team.database.db,
    { orgId: link.org_id, memberId: link.maker_id, amountCents: amount },
    team.now(),
  );
  if (reserved.kind === 'needs-approval') {
    line.detail = `${line.detail}; needs approval`;
    const response = flowNotice(
      403,
      organization,
      'Your payout needs approval',
      `Nothing was paid. A payout of ${formatCents(amount)} through this link needs a second person at ${organization}: they will pay you from their console.`,
    );
    return { response, line };
  }
  const response = await pass(post.request);
  // The page answers a claim that went through by showing the next page (303); anything else moved nothing.
  if (response.status !== 303) await releaseSpend(team.database.db, reserved.reservation);
  return { response, line };
}

/** The user a flow is for now: its own, or the new payee's once they gave their details. */
async function flowUserOf(team: Team, call: CallService | null, link: FlowLinkRow): Promise<string | null> {
  const org = await findOrganization(team.database.db, link.org_id);
  const credentials = org ? team.credentialsFor(org) : null;
  if (!call || !credentials) return null;
  const flow = await readJson(
    call,
    serviceRequest(credentials, `/v2/flows/${encodeURIComponent(link.flow_id)}`),
  );
  return typeof flow?.user_id === 'string' ? flow.user_id : null;
}

/**
 * What the payout step would pay: the user's wallet, in cents (0 when the flow has no user yet or the service says
 * the user is gone); a read the service did not answer, or a wallet without a whole amount of cents, throws.
 */
async function walletOf(team: Team, call: CallService | null, link: FlowLinkRow): Promise<number> {
  const userId = link.user_id ?? (await flowUserOf(team, call, link));
  const org = await findOrganization(team.database.db, link.org_id);
  const credentials = org ? team.credentialsFor(org) : null;
  if (!userId || !call || !credentials) return 0;
  const path = `/v2/users/${encodeURIComponent(userId)}`;
  const user = await readJson(call, serviceRequest(credentials, path));
  if (!user) return 0;
  const amount = (user.wallet as { amount?: unknown } | undefined)?.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new RuleCheckUnavailable(path, 'no whole amount of cents in the wallet');
  }
  return amount;
}

/**
 * After a new payee's details were taken through a link its maker could see: their email as set by the maker. It is
 * noted against the flow at once, with no read of the service (a read that failed would leave nothing noted, and the
 * payee's later link would pass as theirs alone); the flow's user is read here once, and else where the note is read.
 */
async function noteDetailsByMaker(team: Team, call: CallService | null, link: FlowLinkRow): Promise<void> {
  const db = team.database.db;
  const note = { org_id: link.org_id, member_id: link.maker_id, set_at: team.now().toISOString() };
  if (link.user_id) {
    await flowRows.noteMemberSetEmail(db, { ...note, user_id: link.user_id });
    return;
  }
  const byFlow = { ...note, flow_id: link.flow_id };
  await flowRows.noteFlowEmailByMember(db, byFlow);
  const org = await findOrganization(db, link.org_id);
  const user = await placeFlowEmailNote(team, call, org ? team.credentialsFor(org) : null, {
    ...byFlow,
    seal: null,
  });
  if (user === 'unknown') {
    console.error(
      `[flow] the user of flow ${link.flow_id} could not be read yet: its email note waits by the flow`,
    );
  }
}

/**
 * A link opened again whose payout-method page the payee already answered, through a link its maker could see: the
 * method they sent waits for a second member, or was confirmed and saved by the console (which the service's flow
 * does not count as its step). The page says so in place of the form, which would invite a second method; null
 * when the page is the service's to show.
 */
export async function heldMethodPage(team: Team, pass: PassToPages, request: Request, token: string) {
  const link = await flowRows.findFlowLink(team.database.db, hashToken(token));
  if (!link || link.forged || link.payee_only || !link.user_id) return null;
  const page = await pass(request);
  const html = await page.clone().text();
  const step = /name="step" value="([^"]+)"/.exec(html)?.[1] ?? '';
  if (page.status !== 200 || !METHOD_STEPS.has(step)) return page;
  const since = Date.parse(link.created_at);
  const sent = async (status: 'pending' | 'applied') =>
    (await listPayeeRequests(team, link.org_id, status)).find(
      (r) =>
        r.user_id === link.user_id &&
        r.operation === 'add-payout-method' &&
        r.proposer?.id === link.maker_id &&
        Date.parse(r.created_at) >= since,
    );
  const organization = (await findOrganization(team.database.db, link.org_id))?.name ?? 'Payouts';
  const waiting = await sent('pending');
  if (waiting) {
    return flowNotice(
      200,
      organization,
      'Waiting for confirmation',
      `You sent ${waiting.after} already. ${organization} confirms a new payout method with a second person before it is used; there is nothing more to send here. You can close this page.`,
    );
  }
  // Confirmed: done, when it was the last step the link asks for (a later step is still the service's to show).
  const [, at, of] = /Step (\d+) of (\d+)/.exec(html) ?? [];
  const applied = at !== undefined && at === of ? await sent('applied') : undefined;
  if (applied) {
    return flowNotice(
      200,
      organization,
      'Already done',
      `${organization} has your payout method (${applied.after}) and everything else it asked for. There is nothing more to send here. You can close this page.`,
    );
  }
  return page;
}

import type { Context } from 'hono';
import { Refusal } from '../errors';
import { type CallService, orUnavailable } from '../gate/service-calls';
import { writeLine } from '../pipeline/audit-line';
import type { Team } from '../team';
import { flowNotice } from './flow-notice';
import { heldMethodPage, judgeFlowPost, type PassToPages } from './flow-pages';

/**
 * A hosted flow's pages on the console's origin (sandbox mode): a page is shown as the service makes it; a form the
 * payee posts is judged (flow-pages.ts) and is one line of the trail, the payee by the flow named as its author.
 */
export function flowPagesRoute(team: Team, call: CallService | null, pass: PassToPages) {
  return async (c: Context): Promise<Response> => {
    if (c.req.method !== 'POST') {
      const token = c.req.path.split('/').filter(Boolean).pop() ?? '';
      return (await heldMethodPage(team, pass, c.req.raw, token)) ?? pass(c.req.raw);
    }
    const form = await c.req.raw
      .clone()
      .formData()
      .catch(() => null);
    const values: Record<string, string> = {};
    for (const [key, value] of form?.entries() ?? []) {
      if (typeof value === 'string') values[key] = value.trim();
    }
    const token = c.req.path.split('/').filter(Boolean).pop() ?? '';
    const judged = await orUnavailable(
      judgeFlowPost(team, call, pass, { request: c.req.raw, token, values }),
    );
    // A check the service did not answer: the form is not sent, and the payee is asked to send it again.
    if (judged instanceof Refusal) return unavailablePage(judged);
    const { response, line } = judged;
    if (line) {
      await writeLine(
        team,
        c,
        {
          action: line.action,
          targets: line.targets,
          detail: line.detail,
          amountCents: line.amountCents,
          actor: { orgId: line.orgId, memberId: null, email: null, role: 'payee' },
        },
        null,
        response.status,
      );
    }
    return response;
  };
}

function unavailablePage(refusal: Refusal): Response {
  const page = flowNotice(503, 'Payouts', 'Please try again', `${refusal.message}.`);
  page.headers.set('Retry-After', String(refusal.retryAfterSeconds ?? 5));
  return page;
}

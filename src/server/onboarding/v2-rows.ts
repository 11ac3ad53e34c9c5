import { DELIVER_TO_HEADER, DELIVERY_HEADER } from '../../lib/flow-links';
import { Refusal } from '../errors';
import { reads, type V2Row } from '../pipeline/v2-row';
import { withoutClaimLinks } from './claim-links';
import { judgeFlowLink, noteEmailSetByMember } from './flow-links';

/**
 * Onboarding (docs/team.md, "Roles"): support answers a user's ticket (their record, contact details and metadata, a
 * code, a tax form the user gave, a link to finish their setup); payment customers and apps are finance's; deleting a
 * user and copying one app's compliance onto another are admin's. A flow's link leaves only in the answer that made
 * it (copied) or by mail: read again, it reaches no member.
 */
export const ONBOARDING_ROWS: V2Row[] = [
  {
    method: 'POST',
    path: '/v2/users',
    permission: 'support',
    action: 'user.create',
    // A user's email set by a member: a link mailed there is not the payee's alone for a while. Noted unless the
    // service refused it: an answer lost or late (5xx) may hide an email the service holds.
    after: async ({ team, found }, response, targets) => {
      const refused = response.status >= 400 && response.status < 500;
      if (!refused && targets[0]) await noteEmailSetByMember(team, found, targets[0]);
      return response;
    },
  },
  { method: 'DELETE', path: '/v2/users/*', permission: 'admin', action: 'user.delete' },
  { method: 'PUT', path: '/v2/users/*/addresses', permission: 'support', action: 'user.address.add' },
  { method: 'PUT', path: '/v2/users/*/compliance', permission: 'support', action: 'user.compliance.submit' },
  {
    method: 'POST',
    path: '/v2/users/*/send-verification-token',
    permission: 'support',
    action: 'user.verification.send',
  },
  { method: 'POST', path: '/v2/users/*/verify', permission: 'support', action: 'user.verify' },
  {
    method: 'POST',
    path: '/v2/flows',
    permission: 'support',
    action: 'flow.create',
    body: 'json',
    // An onboarding link: who may hold it, and how it leaves (flow-links.ts).
    judge: async ({ team, call, found, c, body }) => {
      const judged = await judgeFlowLink(
        team,
        call,
        found,
        { delivery: c.req.header(DELIVERY_HEADER), deliverTo: c.req.header(DELIVER_TO_HEADER) },
        body,
      );
      return judged instanceof Refusal
        ? { kind: 'refused', refusal: judged }
        : { kind: 'send', answer: judged.after };
    },
  },
  { method: 'POST', path: '/v2/payment-customers', permission: 'pay', action: 'payment-customer.create' },
  { method: 'POST', path: '/v2/apps', permission: 'pay', action: 'app.create' },
  { method: 'PUT', path: '/v2/apps/*/compliance', permission: 'pay', action: 'app.compliance.update' },
  { method: 'POST', path: '/v2/apps/*/kyb-flow', permission: 'pay', action: 'app.kyb-flow.create' },
  {
    method: 'PUT',
    path: '/v2/organizations/copy-organization-compliance-to-app/*',
    permission: 'support',
    action: 'app.compliance.copy',
  },
  {
    method: 'PUT',
    path: '/v2/organizations/copy-compliance-information-between-apps',
    permission: 'admin',
    action: 'app.compliance.copy-between',
  },
  ...reads(
    '/v2/organizations',
    '/v2/users',
    '/v2/users/*',
    '/v2/payment-customers',
    '/v2/payment-customers/*',
    '/v2/apps',
    '/v2/apps/*',
    '/v2/apps/*/compliance',
  ),
  ...reads('/v2/flows', '/v2/flows/*').map((row) => ({
    ...row,
    after: (_asked: unknown, response: Response) => withoutClaimLinks(response),
  })),
];

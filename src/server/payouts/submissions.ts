import { z } from 'zod';
import type { PaymentBody } from '../approvals/bodies';
import {
  appId,
  declareSubmission,
  fileSha256,
  judgeMoneyBodies,
  rowNumbers,
  rowNumbersProblem,
  type SubmissionContext,
  submittedBody,
  warningsOf,
} from '../approvals/submission-kind';
import { Refusal } from '../errors';
import { type CallService, payeesMethodsFingerprints, serviceRequest } from '../gate/service-calls';
import type { OrgCredentials } from '../team';

/**
 * Payouts submitted for approval (approvals/submit.ts): one payout, or a payouts file by its total, each with the app
 * whose wallet pays and each payee's payout methods as they are now.
 */

const DIRECT = 'This is within the approval limits: pay it directly';

export const payoutSubmission = declareSubmission({
  key: 'payout',
  body: z.object({ payout: submittedBody, app_id: appId }).strict(),
  direct: DIRECT,
  judge: ({ payout }, maker) => judgeMoneyBodies([payout], 'payout.create', () => 'payout', maker, 'payment'),
  keep: async ({ app_id }, { bodies }, context) => {
    const extras = await payoutExtras(context, app_id, bodies, () => 'payout');
    if (extras instanceof Refusal) return extras;
    return { body: { payout: bodies[0] as PaymentBody, ...extras } };
  },
});

export const payoutsFileSubmission = declareSubmission({
  key: 'payouts',
  body: z
    .object({
      payouts: z.array(submittedBody).min(1).max(1000),
      row_numbers: rowNumbers,
      file_sha256: fileSha256,
      app_id: appId,
    })
    .strict(),
  direct: DIRECT,
  judge: ({ payouts, row_numbers }, maker) =>
    rowNumbersProblem(row_numbers, payouts.length) ??
    judgeMoneyBodies(payouts, 'payout.create', (i) => `payouts.${i}`, maker, 'file'),
  keep: async ({ app_id, row_numbers, file_sha256 }, { bodies }, context) => {
    const extras = await payoutExtras(context, app_id, bodies, (i) => `payouts.${i}`);
    if (extras instanceof Refusal) return extras;
    return {
      body: { payouts: bodies, ...(row_numbers ? { row_numbers } : {}), ...extras },
      warnings: await warningsOf(context, bodies, row_numbers, 'payout'),
      fileSha256: file_sha256,
    };
  },
});

/** What a payout request keeps besides its bodies: the app that pays (checked now), the payees' methods now. */
async function payoutExtras(
  { team, maker, call }: SubmissionContext,
  app: string | undefined,
  bodies: readonly PaymentBody[],
  pathOf: (index: number) => string,
): Promise<{ app_id?: string; payee_methods: Record<string, string> } | Refusal> {
  const credentials = team.credentialsFor(maker.organization);
  if (app) {
    const problem = await appProblem(call, credentials, app);
    if (problem) return problem;
  }
  const payees = await pinPayees(call, credentials, bodies, pathOf);
  if (payees instanceof Refusal) return payees;
  return { ...(app ? { app_id: app } : {}), payee_methods: payees.pinned };
}

/**
 * Each payee's payout methods as they are now, so that the request pays only while "their PayPal" or "their default
 * method" still means what the approver was shown (executor.ts checks again); or the refusal naming the
 * first row whose payee could not be read. Nothing is kept without credentials: such a request cannot be paid.
 */
async function pinPayees(
  call: CallService | null,
  credentials: OrgCredentials | null,
  bodies: readonly PaymentBody[],
  pathOf: (index: number) => string,
): Promise<{ pinned: Record<string, string> } | Refusal> {
  if (!call || !credentials) return { pinned: {} };
  const read = await payeesMethodsFingerprints(
    call,
    credentials,
    bodies.map((body) => String(body.user_id)),
  );
  const pinned: Record<string, string> = {};
  const unread = new Map<string, 'not-found' | null>();
  for (const [user, fingerprint] of read) {
    if (fingerprint === null || fingerprint === 'not-found') unread.set(user, fingerprint);
    else pinned[user] = fingerprint;
  }
  const index = bodies.findIndex((body) => unread.has(String(body.user_id)));
  if (index === -1) return { pinned };
  const notFound = unread.get(String(bodies[index]?.user_id)) === 'not-found';
  return new Refusal(
    notFound ? 400 : 409,
    notFound ? 'validation-failed' : 'payee-methods-unread',
    notFound ? 'A payout is invalid: see errors' : "A payee's payout methods could not be read: try again",
    {
      errors: [
        {
          path: `${pathOf(index)}.user_id`,
          message: notFound
            ? 'No user of your organization has this ID'
            : 'Their payout methods could not be read from the service just now',
        },
      ],
    },
  );
}

/**
 * The app whose wallet would pay, checked now with the service as the organization: one that is not the
 * organization's is refused at the field when the request is made, not when it is paid a week later.
 */
async function appProblem(
  call: CallService | null,
  credentials: OrgCredentials | null,
  app: string,
): Promise<Refusal | null> {
  if (!call || !credentials) return null;
  let status = 0;
  try {
    status = (await call(serviceRequest(credentials, `/v2/apps/${encodeURIComponent(app)}`))).status;
  } catch {
    status = 0;
  }
  if (status >= 200 && status < 300) return null;
  const notFound = status === 401 || status === 403 || status === 404;
  return new Refusal(
    notFound ? 400 : 409,
    notFound ? 'validation-failed' : 'app-unread',
    notFound
      ? 'The app is not one of your organization’s: see errors'
      : 'The app could not be read: try again',
    {
      errors: [
        {
          path: 'app_id',
          message: notFound
            ? 'No app of your organization has this ID'
            : 'The payout service could not be asked about this app just now',
        },
      ],
    },
  );
}

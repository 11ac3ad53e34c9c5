import { z } from 'zod';
import { moneyWhatOf } from '../../lib/approval-rules';
import { achAccountSchema } from '../../lib/requests/wallets';
import { type FieldError, fieldErrorsFrom } from '../../node/error-body';
import type { PaymentBody } from '../approvals/bodies';
import { appId, declareSubmission, type Judged, submittedBody } from '../approvals/submission-kind';
import { Refusal } from '../errors';
import { checkMoney } from '../gate/money-checks';
import { type CallService, serviceRequest } from '../gate/service-calls';
import type { OrgCredentials } from '../team';
import { MOVE_KIND_NAMES, MOVE_KINDS } from './move-kinds';

/**
 * A wallet move submitted for approval (move-kinds.ts, approvals/submit.ts): its one body, a transfer batch's whole
 * body, or an app's new bank account; its bodies checked and stamped as the gate would send them, judged by the policy
 * by their total, and kept exactly as they will be sent. An app's bank account is no money: with approvals on it
 * always waits, for the approver to see the account it replaces and the new one, masked.
 */
const moveSubmissionBody = z
  .object({ move: z.enum(MOVE_KIND_NAMES), body: submittedBody, app_id: appId })
  .strict();
type MoveSubmission = z.infer<typeof moveSubmissionBody>;

export const moveSubmission = declareSubmission({
  key: 'move',
  body: moveSubmissionBody,
  direct: 'This is within the approval limits: send it directly',
  judge: (submission, maker) => {
    const checked = checkMove(submission, maker.member.email);
    return Array.isArray(checked)
      ? new Refusal(400, 'validation-failed', 'The move is invalid: see errors', { errors: checked })
      : checked;
  },
  keep: async (submission, { bodies }, { team, maker, call }) => {
    const app = submission.app_id ?? '';
    const credentials = team.credentialsFor(maker.organization);
    return {
      body: {
        move: submission.move,
        moves: bodies,
        path: MOVE_KINDS[submission.move].path(app),
        ...(submission.app_id ? { app_id: submission.app_id } : {}),
        ...(submission.move === 'ach-account'
          ? { replaces: await currentAccount(call, credentials, app) }
          : {}),
      },
    };
  },
});

function checkMove(submission: MoveSubmission, email: string): Judged | FieldError[] {
  const kind = MOVE_KINDS[submission.move];
  if (kind.byApp && !submission.app_id)
    return [{ path: 'app_id', message: 'Name the app whose wallet this is' }];
  if (submission.move === 'ach-account') {
    const parsed = achAccountSchema.safeParse(submission.body);
    if (!parsed.success) return fieldErrorsFrom(parsed.error.issues, ['body']);
    return { bodies: [parsed.data as unknown as PaymentBody], amountCents: 0, weighedAs: 'grant' };
  }
  const batch = submission.move === 'transfer-batch';
  const checked = checkMoney(batch ? 'transfer-batch.create' : kind.action, submission.body, email);
  if (!checked) return [{ path: 'move', message: 'Not a move of money' }];
  if ('problems' in checked) return checked.problems.map((p) => ({ ...p, path: `body.${p.path}` }));
  const bodies = (
    batch ? (checked.body.items as Record<string, unknown>[]) : [checked.body]
  ) as PaymentBody[];
  const missing = bodies.findIndex((body) => typeof body.idempotency_key !== 'string');
  if (missing !== -1) {
    const path = batch ? `body.items.${missing}.idempotency_key` : 'body.idempotency_key';
    return [{ path, message: 'A move waiting for approval needs its idempotency key' }];
  }
  return { bodies, amountCents: checked.amountCents, weighedAs: batch ? 'file' : moneyWhatOf(kind.action) };
}

/** The app's bank account as the service answers it now (masked), or null when it has none or cannot be read. */
async function currentAccount(call: CallService | null, credentials: OrgCredentials | null, app: string) {
  if (!call || !credentials) return null;
  try {
    const response = await call(
      serviceRequest(credentials, `/v2/apps/${encodeURIComponent(app)}/ach-account`),
    );
    if (!response.ok) return null;
    const json = (await response.json()) as { mask?: unknown; name?: unknown };
    return typeof json.mask === 'string' ? { mask: json.mask, name: String(json.name ?? '') } : null;
  } catch {
    return null;
  }
}

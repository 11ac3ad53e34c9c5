import { z } from '../zod';

/** Bodies of the console server's own team routes that its forms send: a rejection's reason, the approval policy. */

/** A rejection says why, for whom it is for ("for the maker", "for the admin who asked"). */
export const rejectionBody = (forWhom: string) =>
  z.object({ reason: z.string().trim().min(1, `Say why, ${forWhom}`).max(500) }).strict();

/** The maker of a payment, a payout or a file reads why it was rejected. */
export const makerRejectionBody = rejectionBody('for the maker');
/** The admin who asked for a change of the team reads why it was rejected. */
export const teamRejectionBody = rejectionBody('for the admin who asked');

const cents = z.int().min(0).max(100_000_000_000);
export const approvalPolicyBody = z
  .object({
    enabled: z.boolean(),
    limit_cents: cents,
    approvals_needed: z.union([z.literal(1), z.literal(2)]),
    member_daily_limit_cents: cents.nullable().optional(),
  })
  .strict();
export type ApprovalPolicyBody = z.infer<typeof approvalPolicyBody>;

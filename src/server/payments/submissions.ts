import { z } from 'zod';
import type { PaymentBody } from '../approvals/bodies';
import {
  declareSubmission,
  fileSha256,
  judgeMoneyBodies,
  rowNumbers,
  rowNumbersProblem,
  submittedBody,
  warningsOf,
} from '../approvals/submission-kind';

/** Payments submitted for approval (approvals/submit.ts): one payment, or a payments file by its total. */

const DIRECT = 'This is within the approval limits: pay it directly';

export const paymentSubmission = declareSubmission({
  key: 'payment',
  body: z.object({ payment: submittedBody }).strict(),
  direct: DIRECT,
  judge: ({ payment }, maker) =>
    judgeMoneyBodies([payment], 'payment.create', () => 'payment', maker, 'payment'),
  keep: async (_submission, { bodies }) => ({ body: { payment: bodies[0] as PaymentBody } }),
});

/** A payments file: its rows with the row numbers of the maker's review, and the warnings the server finds in them. */
export const paymentsFileSubmission = declareSubmission({
  key: 'rows',
  body: z
    .object({
      rows: z.array(submittedBody).min(1).max(1000),
      row_numbers: rowNumbers,
      file_sha256: fileSha256,
    })
    .strict(),
  direct: DIRECT,
  judge: ({ rows, row_numbers }, maker) =>
    rowNumbersProblem(row_numbers, rows.length) ??
    judgeMoneyBodies(rows, 'payment.create', (i) => `rows.${i}`, maker, 'file'),
  keep: async ({ row_numbers, file_sha256 }, { bodies }, context) => ({
    body: { rows: bodies, ...(row_numbers ? { row_numbers } : {}) },
    warnings: await warningsOf(context, bodies, row_numbers, 'payment'),
    fileSha256: file_sha256,
  }),
});

import { z } from 'zod';
import type { BillAction } from '../../api/accounts-payable';

/** The dialog's one field: a comment on an approval (optional), the reason for a rejection (needed), as the service reads them. */
export function billDecisionSchema(action: Exclude<BillAction, 'pay'>) {
  const comment = z.string().trim().max(1000, 'At most 1,000 characters');
  return z.object({
    comment: action === 'reject' ? comment.min(1, 'Say why: the maker reads it') : comment,
  });
}

export type BillDecision = z.infer<ReturnType<typeof billDecisionSchema>>;

import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

/** What the operator fills in to pay a user out; the amount's rules are lib/payout-rules.ts's (with the wallet). */
export const payoutFormSchema = z
  .object({
    userId: z.string(),
    methodId: z.string(),
    amount: z.string(),
    appId: z.string(),
    reference: z.string().max(200, 'At most 200 characters'),
  })
  .superRefine((values, ctx) => {
    if (!isUuid(values.userId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['userId'],
        message: 'Choose who is paid: type a name, email, phone or ID',
      });
    }
    if (values.methodId === '') {
      ctx.addIssue({ code: 'custom', path: ['methodId'], message: 'Choose where the money goes' });
    }
    if (values.appId === '') {
      ctx.addIssue({ code: 'custom', path: ['appId'], message: 'Choose the wallet it is paid from' });
    }
  });
export type PayoutFormValues = z.infer<typeof payoutFormSchema>;

export const emptyPayoutForm = (userId = ''): PayoutFormValues => ({
  userId,
  methodId: '',
  amount: '',
  appId: '',
  reference: '',
});

/** The service's field paths, as the form names them (a refusal's field errors land at the field). */
export const PAYOUT_FIELD_BY_API_PATH: Record<string, keyof PayoutFormValues> = {
  amount: 'amount',
  user_id: 'userId',
  account_id: 'methodId',
  platform: 'methodId',
};

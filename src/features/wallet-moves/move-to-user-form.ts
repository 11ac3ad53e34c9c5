import { dollarsField } from '../../lib/dollars-field';
import { walletAmountSchema } from '../../lib/requests/wallets';
import { z } from '../../lib/zod';

/**
 * A move between an app's wallet and a user's as typed: the user chosen by name (their name kept for the review's
 * words), the app's wallet when there are several, which way, and dollars read into whole cents within the service's
 * bounds (lib/requests/wallets.ts); the sign is the direction's, never typed.
 */
export const moveToUserSchema = z.object({
  userId: z.string().min(1, 'Choose the user'),
  userName: z.string(),
  appId: z.string().nullable(),
  direction: z.enum(['to-user', 'from-user']),
  amount: dollarsField(walletAmountSchema.shape.amount),
});
export type MoveToUserValues = z.input<typeof moveToUserSchema>;
export type MoveToUser = z.output<typeof moveToUserSchema>;

export const EMPTY_MOVE_TO_USER: MoveToUserValues = {
  userId: '',
  userName: '',
  appId: null,
  direction: 'to-user',
  amount: '',
};

/** Signed as the vendor's: negative from the app's wallet to the user's. */
export function signedCents(move: Pick<MoveToUser, 'direction' | 'amount'>): number {
  return move.direction === 'to-user' ? -move.amount : move.amount;
}

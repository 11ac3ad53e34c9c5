import { dollarsField } from '../../lib/dollars-field';
import { formatCents } from '../../lib/money';
import { walletAmountSchema } from '../../lib/requests/wallets';
import { possessive } from '../../lib/words';
import { z } from '../../lib/zod';

/**
 * The Treasury's money forms as typed (the dollars as text) and as read (whole cents, within the service's own bounds
 * from lib/requests/wallets.ts): a deposit or withdrawal of an app's wallet, a move between the organization and an
 * app. More than the wallet the money leaves holds is said at the amount, before any review.
 */

/** Dollars into positive cents: the sign of a move is its direction's, never typed. */
const amount = dollarsField(walletAmountSchema.shape.amount);

export const APP_WALLET_DIRECTIONS = ['deposit', 'withdraw'] as const;
export type AppWalletDirection = (typeof APP_WALLET_DIRECTIONS)[number];

/** A deposit into the app's wallet, or a withdrawal of at most what it holds. */
export function appWalletMoveSchema(balanceCents: number) {
  return z
    .object({ direction: z.enum(APP_WALLET_DIRECTIONS), amount })
    .refine((move) => move.direction === 'deposit' || move.amount <= balanceCents, {
      path: ['amount'],
      message: `More than the ${formatCents(balanceCents)} in the wallet`,
    });
}
export type AppWalletMoveValues = z.input<ReturnType<typeof appWalletMoveSchema>>;

export const ORGANIZATION_DIRECTIONS = ['to-app', 'to-organization'] as const;
export type OrganizationDirection = (typeof ORGANIZATION_DIRECTIONS)[number];

interface Wallet {
  id: string;
  name: string;
  balance: number;
}

/** The wallet the money leaves: the organization's to an app, the app's back to the organization. */
export function sourceWallet(
  organization: Wallet,
  app: Wallet | undefined,
  direction: OrganizationDirection,
): Wallet | undefined {
  return direction === 'to-app' ? organization : app;
}

/** A move between the organization's wallet and an app's, of at most what the wallet it leaves holds. */
export function organizationMoveSchema(organization: Wallet, apps: readonly Wallet[]) {
  return z
    .object({ appId: z.string(), direction: z.enum(ORGANIZATION_DIRECTIONS), amount })
    .superRefine((move, ctx) => {
      const app = apps.find((a) => a.id === move.appId) ?? apps[0];
      const from = sourceWallet(organization, app, move.direction);
      if (from && move.amount > from.balance) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `More than the ${formatCents(from.balance)} in ${possessive(from.name)} wallet`,
        });
      }
    });
}
export type OrganizationMoveValues = z.input<ReturnType<typeof organizationMoveSchema>>;

import { Alert, Text } from '@mantine/core';
import { formatCents } from '../../lib/money';
import { possessive } from '../../lib/words';
import type { RunSummary } from './bills-pay-run';

/**
 * What a payment of bills leaves in each app's wallet (its balance now and after), a warning where it does not cover
 * them, and what the bank pays by ACH instead: the same words for one bill's review and for a run's.
 */
export function WalletEffects({ summary, one }: { summary: RunSummary; one: boolean }) {
  return (
    <>
      {summary.wallets.map((wallet) => (
        <Text key={wallet.appId ?? ''}>
          {wallet.before === null
            ? `${possessive(wallet.appName)} wallet pays ${formatCents(wallet.cents)} (the service does not say its balance)`
            : `${possessive(wallet.appName)} wallet: ${formatCents(wallet.before)} now, ${formatCents(wallet.after ?? 0)} after`}
        </Text>
      ))}
      {summary.wallets.some((w) => w.after !== null && w.after < 0) && (
        <Alert color="red" title="The wallet does not cover it">
          {one
            ? 'The service refuses a bill its wallet cannot cover, and the bill stays approved: add money to the wallet first (Treasury), or pay it by ACH.'
            : 'The bills the wallet cannot cover are refused by the service, and stay approved.'}
        </Alert>
      )}
      {summary.byAch > 0 && (
        <Text>{`${formatCents(summary.byAch)} by ACH from the bank (no wallet is touched)`}</Text>
      )}
    </>
  );
}

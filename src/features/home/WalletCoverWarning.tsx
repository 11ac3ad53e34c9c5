import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { Transfer } from '../../api/schemas';
import { useWalletShortfalls } from '../../api/wallet-cover';
import { Notice } from '../../components/Notice';
import { formatCents } from '../../lib/money';
import type { WaitingKind, WalletShortfall } from '../../lib/wallet-cover';
import { possessive } from '../../lib/words';

const KIND_WORDS: Record<WaitingKind, string> = {
  bills: 'approved bills paid from the wallet',
  payoutRequests: 'payout requests not yet decided',
  approvals: 'approval requests',
  pendingPayouts: 'payouts and moves of batches still running',
};

function parts(short: WalletShortfall): string {
  return (Object.keys(KIND_WORDS) as WaitingKind[])
    .filter((kind) => short.byKind[kind] > 0)
    .map((kind) => `${formatCents(short.byKind[kind])} of ${KIND_WORDS[kind]}`)
    .join(', ');
}

/**
 * The overview's warning: each app wallet that will not cover what waits to be paid from it, by how much, with a
 * link to the Treasury; a wallet below zero says whether a returned deposit took its money back.
 */
export function WalletCoverWarning({ recent }: { recent: readonly Transfer[] | undefined }) {
  const { shortfalls, unread } = useWalletShortfalls();
  if (shortfalls.length === 0 && unread.length === 0) return null;
  return (
    <Stack gap="xs">
      {shortfalls.map((short) => {
        // A returned deposit of this app's (its lines name the wallet; upstream, where they do not, any).
        const returned =
          short.balanceCents < 0
            ? (recent ?? []).find(
                (t) =>
                  t.type === 'refill' &&
                  t.status === 'reversed' &&
                  (!t.transactions?.some((line) => line.wallet) ||
                    t.transactions.some((line) => line.wallet?.id === short.appId)),
              )
            : undefined;
        return (
          <Notice
            key={short.appId}
            tone="danger"
            title={`The wallet of ${short.appName} is short by ${formatCents(short.shortCents)}`}
            role="alert"
          >
            <Stack gap={4}>
              <Text>
                {short.waitingCents > 0
                  ? `${formatCents(short.waitingCents)} waits to be paid from it (${parts(short)}); it holds ${formatCents(short.balanceCents)}.`
                  : `It holds ${formatCents(short.balanceCents)}.`}
                {returned
                  ? ` A returned deposit (${formatCents(Math.abs(returned.amount ?? 0))}) took back money it had already spent.`
                  : ''}
              </Text>
              <Anchor component={Link} to="/treasury" underline="always" c="inherit" fw={600}>
                {`Deposit into ${possessive(short.appName)} wallet on the Treasury`}
              </Anchor>
            </Stack>
          </Notice>
        );
      })}
      {unread.length > 0 && (
        <Text size="sm" c="dimmed">
          {`Whether the wallets cover what waits was judged without the ${unread.join(', ')}: the service did not answer.`}
        </Text>
      )}
    </Stack>
  );
}

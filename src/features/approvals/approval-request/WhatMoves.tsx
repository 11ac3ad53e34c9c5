import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '../../../api/approvals';
import { ledgerQueries } from '../../../api/ledger';
import { DataTable } from '../../../components/DataTable';
import { DisabledPayerWarning } from '../../../components/DisabledPayerWarning';
import { AmountToConfirm, Money } from '../../../components/Money';
import { PaymentDetailsTable } from '../../../components/PaymentDetails';
import { PayoutDetailsTable, WalletRow } from '../../../components/PayoutDetails';
import { describeAccount, maskAccount } from '../../../lib/mask';
import { moveSummary } from '../move-summary';
import { PayerName } from '../PayerName';
import { RecentSamePayments } from '../RecentSamePayments';
import { payoutMethodText, usePayingWallet, usePaymentSummary, usePayoutSummary } from '../request-summary';

const SHOWN_ROWS = 50;

/** A row's source, masked as the review masks it. */
function source(payment: Record<string, unknown>): string {
  const ach = payment.ach_info as { account_number_last4?: unknown; account_type?: unknown } | undefined;
  if (ach && typeof ach.account_number_last4 === 'string') {
    return describeAccount(
      typeof ach.account_type === 'string' ? ach.account_type : 'checking',
      ach.account_number_last4,
    );
  }
  return typeof payment.account_id === 'string'
    ? `Stored account ${payment.account_id}`
    : maskAccount('????');
}

/**
 * A wallet move: where it goes and each body's amount; an app's bank account, the account it replaces and the new
 * one, both masked.
 */
function WalletMove({
  body,
  cents,
}: {
  body: {
    move: string;
    moves: Record<string, unknown>[];
    app_id?: string | undefined;
    replaces?: { mask: string; name: string } | null | undefined;
  };
  cents: number;
}) {
  const wallets = useQuery(ledgerQueries.wallets());
  if (body.move === 'ach-account') {
    const next = body.moves[0] ?? {};
    return (
      <Stack gap="xs">
        <Text>{`The bank account of app ${body.app_id ?? ''}, where its withdrawals go:`}</Text>
        <Text>{`Now: ${body.replaces ? `${body.replaces.name} (${maskAccount(body.replaces.mask)})` : 'none'}`}</Text>
        <Text>{`New: ${String(next.account_type ?? 'checking')} ${maskAccount(String(next.account_number_last4 ?? '????'))}`}</Text>
      </Stack>
    );
  }
  const count = body.moves.length;
  const noun = MOVE_NOUNS[body.move] ?? body.move.replace(/-/g, ' ');
  const described = moveSummary(body, cents, wallets.data?.apps ?? []);
  // Moves of users' wallets name each user and which way, as a payouts file's rows name each payee.
  const users = body.moves.some((move) => typeof move.user_id === 'string');
  return (
    <Stack gap="xs">
      {body.move !== 'transfer-batch' && <Text fw={500}>{described}</Text>}
      <Text>
        {`${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}${body.move === 'transfer-batch' ? ' from a file' : ''}, `}
        <AmountToConfirm cents={cents} />
        {' in all.'}
        {users && count > SHOWN_ROWS ? ` The first ${SHOWN_ROWS}:` : ''}
      </Text>
      {users && (
        <DataTable
          label="Moves"
          rows={body.moves.slice(0, SHOWN_ROWS).map((move, index) => ({ move, index }))}
          rowKey={(row) => String(row.index)}
          minWidth={520}
          columns={[
            { header: 'User', cell: (row) => <PayerName body={row.move} /> },
            {
              header: 'Way',
              cell: (row) =>
                Number(row.move.amount) < 0 ? "To the user's wallet" : "From the user's wallet",
            },
            {
              header: 'Amount',
              numeric: true,
              cell: (row) => <Money cents={Math.abs(Number(row.move.amount))} />,
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** What one move of each kind is called, before the count's plural. */
const MOVE_NOUNS: Record<string, string> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  transfer: 'transfer',
  'transfer-batch': 'transfer',
  'organization-transfer': 'organization transfer',
};

/** What moves: one payment or payout as its maker reviewed it; a file's rows by the row numbers of its review. */
export function WhatMoves({ request }: { request: ApprovalRequest }) {
  if ('payment' in request.body) return <OnePayment payment={request.body.payment} />;
  const waiting = request.status === 'pending';
  if ('payout' in request.body)
    return <OnePayout payout={request.body.payout} appId={request.body.app_id} waiting={waiting} />;
  if ('move' in request.body) return <WalletMove body={request.body} cents={request.amount} />;
  const isPayouts = 'payouts' in request.body;
  const bodies = 'payouts' in request.body ? request.body.payouts : request.body.rows;
  const numbers = request.body.row_numbers;
  const rows = bodies
    .slice(0, SHOWN_ROWS)
    .map((body, index) => ({ body, row: numbers?.[index] ?? index + 1 }));
  return (
    <Stack gap="xs">
      <Text>
        {`${request.count.toLocaleString('en-US')} ${isPayouts ? 'payouts' : 'payments'} from a file, `}
        <AmountToConfirm cents={request.amount} />
        {' in all.'}
        {request.count > SHOWN_ROWS ? ` The first ${SHOWN_ROWS} rows:` : ''}
      </Text>
      {'payouts' in request.body && (
        <FileWallet appId={request.body.app_id} cents={request.amount} waiting={waiting} />
      )}
      <DataTable
        label="Rows to pay"
        rows={rows}
        rowKey={(row) => String(row.row)}
        minWidth={640}
        columns={[
          { header: 'Row', cell: (row) => row.row },
          { header: isPayouts ? 'Payee' : 'Payer', cell: (row) => <PayerName body={row.body} /> },
          { header: 'Amount', numeric: true, cell: (row) => <Money cents={Number(row.body.amount)} /> },
          isPayouts
            ? { header: 'To', cell: (row) => payoutMethodText(row.body, undefined) }
            : { header: 'From', cell: (row) => source(row.body) },
        ]}
      />
    </Stack>
  );
}

function OnePayment({ payment }: { payment: Record<string, unknown> }) {
  const summary = usePaymentSummary(payment);
  return (
    <Stack gap="sm">
      <PaymentDetailsTable summary={summary} />
      {summary.payerStatus === 'disabled' && <DisabledPayerWarning who={summary.payerName ?? 'This payer'} />}
      <RecentSamePayments
        userId={typeof payment.user_id === 'string' ? payment.user_id : null}
        cents={summary.cents}
        requestId={summary.consoleRequestId ?? null}
      />
    </Stack>
  );
}

/** The wallet a payouts file is paid from, before and after its total. */
function FileWallet({
  appId,
  cents,
  waiting,
}: {
  appId: string | undefined;
  cents: number;
  waiting: boolean;
}) {
  const wallet = usePayingWallet(appId, waiting);
  if (!wallet) return null;
  return (
    <Table variant="vertical" withTableBorder aria-label="Wallet">
      <Table.Tbody>
        <WalletRow wallet={wallet} cents={cents} what="file" />
      </Table.Tbody>
    </Table>
  );
}

function OnePayout({
  payout,
  appId,
  waiting,
}: {
  payout: Record<string, unknown>;
  appId: string | undefined;
  waiting: boolean;
}) {
  const summary = usePayoutSummary(payout, { appId, waiting });
  return (
    <Stack gap="sm">
      <PayoutDetailsTable summary={summary} />
      <RecentSamePayments
        userId={summary.payeeId || null}
        cents={summary.cents}
        requestId={summary.consoleRequestId ?? null}
        kind="payout"
      />
    </Stack>
  );
}

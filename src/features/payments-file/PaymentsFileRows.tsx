import { Text } from '@mantine/core';
import { Money } from '../../components/Money';
import { shortId } from '../../components/SearchPicker';
import { TransferOrMessage } from '../../components/TransferOrMessage';
import { VirtualTable } from '../../components/VirtualTable';
import { describeAccount } from '../../lib/mask';
import { OUTCOME_WORDS, type ResultRow, transactionWords } from './payments-file-exports';
import type { PlannedPayment } from './payments-file-plan';

function shownAccount({ payment }: PlannedPayment): string {
  const source = payment.source;
  return source.kind === 'stored'
    ? `Stored account ${shortId(source.accountId)}`
    : describeAccount(source.accountType, source.accountNumber.slice(-4));
}

/** A payments file's rows (up to a thousand) and what became of each. */
export function PaymentsFileRows({ label, rows }: { label: string; rows: readonly ResultRow[] }) {
  return (
    <VirtualTable
      label={label}
      rows={rows}
      rowKey={(row) => String(row.planned.payment.row)}
      columns={[
        { header: 'Row', width: 70, cell: ({ planned }) => planned.payment.row },
        {
          header: 'Payer',
          cell: ({ planned: { payment } }) => (
            <>
              {payment.payerName || payment.payerEmail || payment.payerId}
              {payment.payerEmail && payment.payerName && (
                <Text size="xs" c="dimmed">
                  {payment.payerEmail}
                </Text>
              )}
            </>
          ),
        },
        { header: 'Amount', numeric: true, cell: ({ planned }) => <Money cents={planned.payment.cents} /> },
        { header: 'Account', cell: ({ planned }) => shownAccount(planned) },
        {
          header: 'Outcome',
          cell: ({ planned, outcome }) =>
            planned.paysAgain && outcome.kind === 'waiting' ? 'To pay again' : OUTCOME_WORDS[outcome.kind],
        },
        {
          header: 'Transfer or error',
          cell: ({ outcome }) => {
            const transaction = transactionWords(outcome);
            return (
              <>
                <TransferOrMessage outcome={outcome} />
                {transaction && <Text size="xs">{transaction}</Text>}
              </>
            );
          },
        },
      ]}
    />
  );
}

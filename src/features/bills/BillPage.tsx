import { Alert, Anchor, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  type Bill,
  type BillAction,
  billPdf,
  billQueries,
  useBillAction,
  useMyApUser,
} from '../../api/accounts-payable';
import { useCan } from '../../api/permissions';
import { transferQueries } from '../../api/transfers';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DetailRow } from '../../components/DetailRow';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { mayDecideBills } from '../../lib/ap-approvers';
import { describeCondition } from '../../lib/ap-policies';
import { openStepApprovers } from '../../lib/bill-approvals';
import { billStatusWords, waitingApprovers } from '../../lib/bill-tabs';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import type { PayableCondition } from '../../lib/requests/accounts-payable';
import { countOf } from '../../lib/words';
import { BillActionDialog } from './BillActionDialog';
import { apRoleWords, billStatusColor } from './bill-words';
import { invoiceViewUrl } from './invoice-view';
import { fundingWords, PayBillReview, usePayBill } from './PayBillReview';
import { PayToAnother } from './PayToAnother';
import { failureWords, type PaymentFailure, paymentFailures } from './payment-failures';
import { WhoApproves } from './WhoApproves';

/** The invoice in the browser's own viewer, from a `blob:` URL fetched with the member's credentials. */
function InvoiceViewer({ bill }: { bill: Bill }) {
  const pdf = useQuery({
    queryKey: ['bills', bill.id, 'pdf', bill.file_url],
    queryFn: () => billPdf(bill.id),
    enabled: Boolean(bill.file_url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  useEffect(() => () => (pdf.data ? URL.revokeObjectURL(pdf.data) : undefined), [pdf.data]);
  if (!bill.file_url) return <Text c="dimmed">No invoice attached.</Text>;
  if (pdf.isError) return <ApiErrorAlert error={pdf.error} title="The invoice could not be read" />;
  if (!pdf.data) return <Skeleton height={480} />;
  return (
    <Stack gap="xs">
      <Anchor href={invoiceViewUrl(pdf.data)} target="_blank" rel="noopener">
        Open the invoice
      </Anchor>
      {/* The browser's PDF viewer is a dozen Tab stops: out of the Tab order, the link above opens it to read. */}
      <iframe
        title={`Invoice ${bill.number}`}
        src={invoiceViewUrl(pdf.data)}
        tabIndex={-1}
        style={{ width: '100%', height: 560, border: 0 }}
      />
    </Stack>
  );
}

function ApprovalSteps({ bill }: { bill: Bill }) {
  const policies = useQuery(billQueries.policies());
  const policy = policies.data?.find((p) => p.id === bill.approval_policy_id);
  const steps = bill.approval_steps ?? [];
  const open = openStepApprovers(bill);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Approval
      </Title>
      {policy ? (
        <Text size="sm">
          Policy {policy.priority}
          {policy.description ? ` (${policy.description})` : ''} applies:{' '}
          {policy.payable_conditions
            .map((c) => describeCondition(c as PayableCondition, () => bill.ap_vendor_name ?? 'this vendor'))
            .join(' and ')}
          , and {formatCents(bill.amount)} meets it.
        </Text>
      ) : (
        <Text size="sm">
          {bill.status === 'created'
            ? 'Not submitted yet.'
            : 'No policy matched: approved when it was submitted.'}
        </Text>
      )}
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are in order and never move
        <Stack key={index} gap={2}>
          <Text fw={600} size="sm">
            Step {index + 1}: {countOf(step.num_approvals_required, 'approval')}{' '}
            {step.completed ? '(complete)' : '(open)'}
          </Text>
          {step.user_approvals.map((a) => (
            <Text key={a.user_id} size="sm">
              {a.name ?? `AP user ${a.user_id}`}:{' '}
              {a.approval_given
                ? `approved ${formatDateTime(a.approval_timestamp)}${a.approval_comment ? `: “${a.approval_comment}”` : ''}`
                : 'not yet'}
            </Text>
          ))}
          {index === open.index && open.stuck && bill.status === 'submitted_for_approval' && (
            <Alert color="yellow" title={`Step ${index + 1} needs someone else`}>
              Everyone this step names approved an earlier step of this bill, and one person approves at most
              one step: no one can complete it. An admin adds another approver to the policy, or the bill is
              canceled and made again.
            </Alert>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The bill's history: its service's actions, and each payment the bank failed or returned (the service writes these
 * only on the transfer), so that a failure is read where the bill's story is.
 */
function historyRows(bill: Bill, failures: readonly PaymentFailure[]) {
  const actions = (bill.action_history ?? []).map((a) => ({
    at: a.timestamp ?? null,
    what: a.action.replaceAll('_', ' '),
    who: `${a.user_name ?? '—'}${a.user_role ? ` (${apRoleWords(a.user_role)})` : ''}`,
    comment: a.comment ?? '',
  }));
  const failed = failures.map((f) => ({
    at: f.at,
    what: f.returned ? 'payment returned' : 'payment failed',
    who: 'The bank',
    comment: `${failureWords(f)}${f.accountMask ? ` (account •••• ${f.accountMask})` : ''}`,
  }));
  return [...actions, ...failed].sort((x, y) => (x.at ?? '').localeCompare(y.at ?? ''));
}

/** Why the bill's payment failed, and what comes before paying it again: another "Pay to", approved again. */
function FailedPayment({
  bill,
  failures,
  mayChange,
}: {
  bill: Bill;
  failures: readonly PaymentFailure[];
  mayChange: boolean;
}) {
  const last = failures.at(-1);
  const to = `${bill.ap_payment_method_name ?? 'Account'} •••• ${last?.accountMask ?? bill.ap_payment_method_mask ?? '????'}`;
  const failedMasks = failures.flatMap((f) => (f.accountMask ? [f.accountMask] : []));
  return (
    <Alert color="red" title="The payment failed">
      <Stack gap="xs">
        <Text size="sm">
          {last
            ? `The payment to ${to} ${last.returned ? 'was returned' : 'failed'}: ${failureWords(last)}.`
            : 'The payment failed; its reason is being read.'}
        </Text>
        <Text size="sm">
          It is not paid again to this account, which would fail the same way: choose another account to pay
          it to. The bill is then approved again, and paid once that is done.
        </Text>
        {mayChange && <PayToAnother bill={bill} failedMasks={failedMasks} />}
      </Stack>
    </Alert>
  );
}

/** A bill: its invoice beside its facts, items, approval, history and transfer; the moves its status allows. */
export function BillPage() {
  const { billId = '' } = useParams<{ billId: string }>();
  const bill = useQuery(billQueries.one(billId));
  const { apUser, why } = useMyApUser();
  const mayPay = useCan('pay');
  const act = useBillAction(billId);
  const [asking, setAsking] = useState<Exclude<BillAction, 'pay'> | null>(null);
  // A new question starts without the last one's refusal.
  const ask = (action: Exclude<BillAction, 'pay'>) => {
    act.reset();
    setAsking(action);
  };
  const pay = usePayBill(bill.data);
  const attempts = useQueries({
    queries: (bill.data?.transfer_history ?? []).map((a) => transferQueries.detail(a.transfer_id)),
  });
  const failures = paymentFailures(attempts.flatMap((a) => (a.data ? [a.data] : [])));
  // A read again that fails keeps the page (and an open dialog) as it was.
  if (bill.isError && !bill.data) return <ApiErrorAlert error={bill.error} />;
  if (!bill.data) return <Skeleton height={320} />;
  const b = bill.data;
  const amount = formatCents(b.amount);
  // The open step's approvers, less whoever approved another step of this bill (the server's rule too).
  const open = openStepApprovers(b);
  const waitingForMe =
    apUser !== null &&
    mayDecideBills(apUser.role) &&
    waitingApprovers(b).includes(apUser.id) &&
    (open.index < 0 || open.mayApprove.includes(apUser.id)) &&
    b.created_by !== apUser.id;
  const can = (action: BillAction) => {
    if (!apUser) return false;
    if (action === 'approve' || action === 'reject')
      return b.status === 'submitted_for_approval' && waitingForMe;
    if (!mayPay) return false;
    if (action === 'submit-for-approval') return b.status === 'created';
    if (action === 'pay') return b.status === 'approved';
    return ['created', 'submitted_for_approval', 'approved', 'rejected', 'payment_failed'].includes(b.status);
  };
  const send = (action: Exclude<BillAction, 'pay'>, comment: string | undefined, done: () => void) => {
    act.mutate(
      { action, comment },
      {
        onSuccess: () => {
          done();
          setAsking(null);
        },
        onSettled: () => void bill.refetch(),
      },
    );
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Bill {b.number}</Title>
        <StatusBadge status={billStatusWords(b.status)} color={billStatusColor(b.status)} />
      </Group>
      <Anchor component={Link} to="/bills">
        All bills
      </Anchor>
      {!apUser && (
        <Alert color="yellow" title="You read this bill only">
          {why ??
            'You have no AP user that acts on bills (an AP user of your email, with a role beyond viewer), so you cannot act on them.'}
        </Alert>
      )}
      {b.status === 'payment_failed' && (
        <FailedPayment bill={b} failures={failures} mayChange={apUser !== null && mayPay} />
      )}
      <WhoApproves bill={b} me={apUser} canAct={waitingForMe} />
      {act.isError && asking === null && <ApiErrorAlert error={act.error} />}
      <Group gap="sm">
        {can('submit-for-approval') && (
          <Button onClick={() => ask('submit-for-approval')}>Submit for approval</Button>
        )}
        {can('approve') && <Button onClick={() => ask('approve')}>{`Approve ${amount}`}</Button>}
        {can('reject') && (
          <Button variant="default" onClick={() => ask('reject')}>
            {`Reject ${amount}`}
          </Button>
        )}
        {can('pay') && (
          <Button onClick={pay.open}>{(b.transfer_history ?? []).length > 0 ? 'Pay again' : 'Pay'}</Button>
        )}
        {can('cancel') && (
          <Button variant="default" onClick={() => ask('cancel')}>
            Cancel bill
          </Button>
        )}
      </Group>
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <Stack miw={300} style={{ flex: 1 }}>
          <Table aria-label="Bill">
            <Table.Tbody>
              <DetailRow label="Vendor">{b.ap_vendor_name ?? '—'}</DetailRow>
              <DetailRow label="Pays to">
                {b.ap_payment_method_name ?? '—'}
                {b.ap_payment_method_mask ? ` •••• ${b.ap_payment_method_mask}` : ''}
              </DetailRow>
              <DetailRow label="Amount">
                <Money cents={b.amount} />
              </DetailRow>
              <DetailRow label="Funding">{fundingWords(b.funding_source)}</DetailRow>
              <DetailRow label="Description">{b.description || '—'}</DetailRow>
              <DetailRow label="Created">{formatDateTime(b.created)}</DetailRow>
              {b.transfer_id && (
                <DetailRow label="Transfer">
                  <Anchor component={Link} to={`/transfers/${b.transfer_id}`}>
                    {b.transfer_id}
                  </Anchor>
                </DetailRow>
              )}
            </Table.Tbody>
          </Table>
          {(b.items ?? []).length > 0 && (
            // On a phone the four columns of a large bill are wider than the screen: the table scrolls sideways on
            // its own (a keyboard scrolls it too), and the page keeps the screen's width.
            <Table.ScrollContainer
              type="native"
              minWidth={360}
              tabIndex={0}
              role="region"
              aria-label="Items (scrolls sideways)"
            >
              <Table aria-label="Items" striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Quantity</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Unit price</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(b.items ?? []).map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items have no id
                    <Table.Tr key={index}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{item.quantity}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>
                        <Money cents={item.unit_price} />
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>
                        <Money cents={item.amount} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ApprovalSteps bill={b} />
          <Title order={2} size="h3">
            History
          </Title>
          <Table aria-label="History" striped withTableBorder>
            <Table.Tbody>
              {historyRows(b, failures).map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows
                <Table.Tr key={index}>
                  <Table.Td>{formatDateTime(row.at)}</Table.Td>
                  <Table.Td>{row.what}</Table.Td>
                  <Table.Td>{row.who}</Table.Td>
                  <Table.Td>{row.comment}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack miw={300} style={{ flex: 1 }}>
          <Title order={2} size="h3">
            Invoice
          </Title>
          <InvoiceViewer bill={b} />
        </Stack>
      </Group>
      <BillActionDialog
        bill={b}
        asking={asking}
        onClose={() => {
          act.reset();
          setAsking(null);
        }}
        send={send}
        pending={act.isPending}
        error={act.error}
      />
      <PayBillReview bill={b} pay={pay} />
    </Stack>
  );
}

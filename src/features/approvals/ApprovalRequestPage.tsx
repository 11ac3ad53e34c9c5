import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'wouter';
import { type ApprovalRequest, approvalQueries, useDecideApproval } from '../../api/approvals';
import { session } from '../../api/credentials';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { DetailRow } from '../../components/DetailRow';
import { AmountToConfirm, Money } from '../../components/Money';
import { Notice } from '../../components/Notice';
import { maskAccount } from '../../lib/mask';
import { ApprovalResults } from './ApprovalResults';
import { PayerName } from './PayerName';

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved: paying',
  executing: 'Paying',
  executed: 'Paid',
  'partly-executed': 'Partly paid',
  failed: 'Not paid',
  rejected: 'Rejected',
  expired: 'Expired',
};

const SHOWN_ROWS = 50;

/** Where the money comes from, masked as the review masks it. */
function source(payment: Record<string, unknown>): string {
  const ach = payment.ach_info as { account_number_last4?: unknown } | undefined;
  if (ach && typeof ach.account_number_last4 === 'string')
    return `Bank account ${maskAccount(ach.account_number_last4)}`;
  return typeof payment.account_id === 'string' ? `Stored account ${payment.account_id}` : '—';
}

function WhatMoves({ request }: { request: ApprovalRequest }) {
  if (!('payment' in request.body)) {
    // The first rows by name (each payer is a look-up); the file's count and total are above.
    const rows = request.body.rows.slice(0, SHOWN_ROWS).map((body, index) => ({ body, index }));
    return (
      <Stack gap="xs">
        <Text>
          {`${request.count.toLocaleString('en-US')} payments from a file, `}
          <AmountToConfirm cents={request.amount} />
          {' in all.'}
          {request.count > SHOWN_ROWS ? ` The first ${SHOWN_ROWS} rows:` : ''}
        </Text>
        <DataTable
          label="Rows to pay"
          rows={rows}
          rowKey={(row) => String(row.index)}
          minWidth={640}
          columns={[
            { header: 'Row', cell: (row) => row.index + 1 },
            { header: 'Payer', cell: (row) => <PayerName body={row.body} /> },
            { header: 'Amount', numeric: true, cell: (row) => <Money cents={Number(row.body.amount)} /> },
            { header: 'From', cell: (row) => source(row.body) },
          ]}
        />
      </Stack>
    );
  }
  const payment = request.body.payment;
  return (
    <Table variant="vertical" withTableBorder aria-label="Payment details">
      <Table.Tbody>
        <DetailRow label="Amount">
          <AmountToConfirm cents={request.amount} />
        </DetailRow>
        <DetailRow label="Payer">
          <PayerName body={payment} />
        </DetailRow>
        <DetailRow label="From">{source(payment)}</DetailRow>
        <DetailRow label="Request id">
          <Text ff="monospace" size="sm">
            {String(payment.idempotency_key ?? '—')}
          </Text>
        </DetailRow>
      </Table.Tbody>
    </Table>
  );
}

/** One request: what will move exactly as the review shows it, who decided what, and the result. */
export function ApprovalRequestPage() {
  const { requestId = '' } = useParams();
  const found = useQuery({
    ...approvalQueries.detail(requestId),
    // While a file is being paid, its page follows the progress.
    refetchInterval: (query) =>
      ['approved', 'executing'].includes(query.state.data?.status ?? '') ? 1000 : false,
  });
  const decide = useDecideApproval();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const me = session.credentials()?.member?.id;
  const request = found.data;

  return (
    <Stack maw={860}>
      <Title order={1}>Approval request</Title>
      {found.isError && <ApiErrorAlert error={found.error} />}
      {found.isPending && <Skeleton height={200} />}
      {request && (
        <>
          <Group>
            <Badge variant="filled" color={request.status === 'executed' ? 'teal.9' : 'gray.8'}>
              {STATUS_TEXT[request.status] ?? request.status}
            </Badge>
            <Text size="sm">
              Prepared by {request.maker?.name ?? request.maker_id}; {request.approvals_needed} approval
              {request.approvals_needed === 1 ? '' : 's'} needed; expires{' '}
              {new Date(request.expires_at).toLocaleString()}.
            </Text>
          </Group>
          <WhatMoves request={request} />
          {(request.warnings ?? []).length > 0 && (
            <Notice tone="warning" title="Warnings the maker ticked">
              <Stack gap={4}>
                {(request.warnings ?? []).map((warning) => (
                  <Text key={warning} size="sm">
                    {warning}
                  </Text>
                ))}
              </Stack>
            </Notice>
          )}
          {request.result?.reason && (
            <Notice tone="warning" title="Rejected" role="status">
              {request.result.reason}
            </Notice>
          )}
          <ApprovalResults request={request} />
          {(request.decisions ?? []).map((d) => (
            <Text key={d.member_id} size="sm">
              {`${d.name} ${d.decision === 'approve' ? 'approved' : 'rejected'} on ${new Date(d.at).toLocaleString()}`}
              {d.reason ? `: ${d.reason}` : ''}
            </Text>
          ))}
          {decide.error && <ApiErrorAlert error={decide.error} title="The decision was refused" />}
          {request.status === 'pending' && request.maker_id !== me && (
            <Paper withBorder p="md">
              <Stack>
                <Textarea
                  label="Reason (to reject)"
                  description="Shown to the maker"
                  value={reason}
                  onChange={(event) => {
                    setReason(event.currentTarget.value);
                    setReasonError(null);
                  }}
                  error={reasonError}
                  maxLength={500}
                />
                <Group>
                  <Button
                    onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
                    loading={decide.isPending}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="default"
                    loading={decide.isPending}
                    onClick={() => {
                      if (reason.trim() === '') {
                        setReasonError('Say why, for the maker');
                        return;
                      }
                      decide.mutate({ id: request.id, decision: 'reject', reason: reason.trim() });
                    }}
                  >
                    Reject
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
          {request.status === 'pending' && request.maker_id === me && (
            <Text size="sm">You prepared this request: another member approves it.</Text>
          )}
        </>
      )}
    </Stack>
  );
}

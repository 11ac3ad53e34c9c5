import {
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { payoutQueries, useCancelPayoutLink, useRedeliverPayoutLink } from '../../api/payouts';
import { useCan } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyableId } from '../../components/CopyableId';
import { DataTable } from '../../components/DataTable';
import { DetailRow } from '../../components/DetailRow';
import { LinkStatusBadge } from '../../components/LinkStatusBadge';
import { AmountToConfirm } from '../../components/Money';
import { Notice } from '../../components/Notice';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import {
  canRedeliver,
  isOpenLink,
  linkStatusWords,
  MAX_LINK_DELIVERIES,
  payeeText,
} from '../../lib/payout-link-states';

const DELIVERY_WORDS: Record<string, string> = {
  email: 'Email',
  sms: 'Text message',
  link: 'A link to copy',
  all: 'Email and text message',
};

/**
 * One payout link: what it pays and to whom, its history, the link to copy; cancel (finance: its amount goes back to
 * the wallet) and send again (support too: "my link never arrived"). It follows the link while the payee may act.
 */
export function PayoutLinkPage() {
  const { linkId = '' } = useParams();
  const found = useQuery({
    ...payoutQueries.link(linkId),
    refetchInterval: (query) => (query.state.data && isOpenLink(query.state.data.status) ? 5000 : false),
  });
  const link = found.data;
  const mayCancel = useCan('pay');
  const mayRedeliver = useCan('support');
  const redeliver = useRedeliverPayoutLink();
  const cancel = useCancelPayoutLink();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const deliveries = link?.deliveries ?? null;
  const spent = deliveries !== null && deliveries >= MAX_LINK_DELIVERIES;

  return (
    <Stack maw={860}>
      <Title order={1}>Payout link</Title>
      <CopyableId id={linkId} label="payout link ID" />
      {found.isError && <ApiErrorAlert error={found.error} />}
      {found.isPending && <Skeleton height={200} />}
      {link && (
        <>
          <Group>
            <LinkStatusBadge status={link.status} />
            <Text size="sm">{`${formatCents(link.amount)} for ${payeeText(link.payee)}`}</Text>
          </Group>
          <Paper withBorder p="md">
            <Table variant="vertical" aria-label="Payout link">
              <Table.Tbody>
                <DetailRow label="Amount">
                  <AmountToConfirm cents={link.amount} />
                </DetailRow>
                <DetailRow label="Payee">{payeeText(link.payee)}</DetailRow>
                <DetailRow label="Delivery">
                  {DELIVERY_WORDS[link.delivery?.method ?? 'link'] ?? link.delivery?.method}
                  {deliveries !== null &&
                    ` · delivered ${deliveries} of at most ${MAX_LINK_DELIVERIES} times`}
                </DetailRow>
                <DetailRow label="Memo">{link.memo || 'None'}</DetailRow>
                <DetailRow label="Created">{formatDateTime(link.created)}</DetailRow>
                {link.expires && <DetailRow label="Expires">{formatDateTime(link.expires)}</DetailRow>}
                {link.claimed_user_id && (
                  <DetailRow label="Claimed by">
                    <Anchor component={Link} to={`/users/${link.claimed_user_id}`}>
                      {`User ${link.claimed_user_id}`}
                    </Anchor>
                  </DetailRow>
                )}
                {link.transfer_id && (
                  <DetailRow label="Transfer">
                    <Anchor component={Link} to={`/transfers/${link.transfer_id}`}>
                      {`See the transfer ${link.transfer_id}`}
                    </Anchor>
                  </DetailRow>
                )}
              </Table.Tbody>
            </Table>
          </Paper>
          {link.link && isOpenLink(link.status) && (
            <Group align="flex-end">
              <TextInput
                label="Link for the payee"
                readOnly
                value={link.link}
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <CopyButton value={link.link}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          {redeliver.data && (
            <Notice
              tone={redeliver.data.redelivered === false ? 'warning' : 'success'}
              role="status"
              title={redeliver.data.redelivered === false ? 'Not sent again' : 'Sent again'}
            >
              {redeliver.data.redelivered === false
                ? (redeliver.data.reason ?? 'The service did not send it again.')
                : `The payee gets the link again by ${(DELIVERY_WORDS[link.delivery?.method ?? ''] ?? 'its delivery').toLowerCase()}.`}
            </Notice>
          )}
          {redeliver.error && <ApiErrorAlert error={redeliver.error} title="It was not sent again" />}
          {cancel.error && <ApiErrorAlert error={cancel.error} title="It was not canceled" />}
          <Group>
            {mayRedeliver && canRedeliver(link.status) && (
              <Button
                variant="default"
                disabled={spent}
                loading={redeliver.isPending}
                onClick={() => redeliver.mutate(link.id)}
              >
                {spent ? `Delivered ${MAX_LINK_DELIVERIES} times: the most` : 'Send link again'}
              </Button>
            )}
            {mayCancel && isOpenLink(link.status) && (
              <Button variant="default" onClick={() => setConfirmCancel(true)}>
                Cancel link
              </Button>
            )}
          </Group>
          {link.history && link.history.length > 0 && (
            <>
              <Title order={2} size="h4">
                History
              </Title>
              <DataTable
                label="History"
                rows={link.history.map((event, index) => ({ ...event, index }))}
                rowKey={(event) => String(event.index)}
                minWidth={560}
                columns={[
                  { header: 'When', cell: (event) => formatDateTime(event.at) },
                  { header: 'Status', cell: (event) => linkStatusWords(event.status) },
                  { header: 'Note', cell: (event) => event.note ?? '' },
                ]}
              />
            </>
          )}
          <ConfirmDialog
            opened={confirmCancel}
            title="Cancel this payout link?"
            confirmLabel={`Cancel the link for ${formatCents(link.amount)}`}
            dismissLabel="Keep the link"
            danger
            pending={cancel.isPending}
            onCancel={() => setConfirmCancel(false)}
            onConfirm={() => cancel.mutate(link.id, { onSettled: () => setConfirmCancel(false) })}
          >
            {`The payee can no longer claim it, and ${formatCents(link.amount)} goes back to the wallet.`}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}

import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { payoutQueries } from '../../api/payouts';
import { useCan } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';
import { LinkStatusBadge } from '../../components/LinkStatusBadge';
import { Money } from '../../components/Money';
import { Select } from '../../components/Select';
import { age, formatDateTime } from '../../lib/dates';
import { LINK_STATUS_WORDS, linkStatusWords, payeeText } from '../../lib/payout-link-states';

const PAGE = 25;

/** Payout links, newest first: status, payee, amount and age; filtered by status, paged by the vendor's cursors. */
export function PayoutLinksPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  const status = get('status');
  const mayPay = useCan('pay');
  const links = useQuery({
    ...payoutQueries.links({ status, limit: PAGE, ...cursors }),
    placeholderData: keepPreviousData,
  });
  const rows = links.data?.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Payout links</Title>
        {mayPay && (
          <Button component={Link} to="/payout-links/new">
            Create payout link
          </Button>
        )}
      </Group>
      <Text c="dimmed">
        A link pays someone who chooses where the money goes: it holds its amount from the wallet until it is
        claimed, canceled or expires.
      </Text>
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        maw={260}
        data={Object.entries(LINK_STATUS_WORDS).map(([value, label]) => ({ value, label }))}
        value={status ?? null}
        onChange={(value) => setFilter('status', value)}
      />
      {links.isError && <ApiErrorAlert error={links.error} />}
      {links.isPending && <Skeleton height={160} />}
      {links.data &&
        (rows.length === 0 ? (
          <Text>{status ? `No payout link is ${linkStatusWords(status)}.` : 'No payout links yet.'}</Text>
        ) : (
          <>
            <DataTable
              label="Payout links"
              rows={rows}
              rowKey={(link) => link.id}
              href={(link) => `/payout-links/${link.id}`}
              minWidth={720}
              columns={[
                { header: 'Status', cell: (link) => <LinkStatusBadge status={link.status} /> },
                { header: 'Payee', cell: (link) => payeeText(link.payee) },
                { header: 'Amount', numeric: true, cell: (link) => <Money cents={link.amount} /> },
                {
                  header: 'Age',
                  cell: (link) =>
                    link.created ? `${age(link.created)} (${formatDateTime(link.created)})` : '—',
                },
              ]}
            />
            <Pager
              cursors={cursors}
              hasMore={Boolean(links.data.has_more)}
              firstId={rows[0]?.id}
              lastId={rows.at(-1)?.id}
              goTo={goTo}
            />
          </>
        ))}
    </Stack>
  );
}

import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { type LedgerQuery, ledgerQueries, useWalletSource } from '../../api/ledger';
import { runtimeConfigQuery } from '../../api/runtime-config';
import type { Transaction } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { downloadBlob } from '../../components/download';
import { Pager, useListParams } from '../../components/keyset-pages';
import { Money } from '../../components/Money';
import { SearchPicker } from '../../components/SearchPicker';
import { Select } from '../../components/Select';
import { formatDateTime } from '../../lib/dates';
import { ledgerKindWords, ledgerLineWords } from '../../lib/words';
import { exportLedger } from './ledger-export';
import {
  BILLS_NOT_APART,
  openTransferName,
  rangeProblem,
  typeFilter,
  typeOptions,
  walletName,
} from './ledger-words';

const PAGE_SIZE = 25;

/** A date's start (or end) as the service's date-time filter takes it, in UTC. */
const dayBound = (date: string | undefined, end: boolean) =>
  date ? `${date}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : undefined;

/**
 * The ledger: every line of every wallet, newest first, filtered by wallet, by where the money came from and went
 * (a wallet picked by name), type and days (UTC), a page at a time;
 * each line opens its transfer. Totals by type for the range, and its CSV, whose sum is the range's balance change.
 */
export function LedgerPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  // The sandbox tells a bill's lines from other payouts and balance moves (its `bill` filter); upstream the vendor's
  // ledger does not, and the Type filter says so.
  const billsApart = useQuery(runtimeConfigQuery).data?.mode === 'sandbox';
  const range = {
    wallet_id: get('wallet_id'),
    source_wallet_id: get('source'),
    destination_wallet_id: get('destination'),
    ...typeFilter(get('type'), billsApart),
    start_date: dayBound(get('from'), false),
    end_date: dayBound(get('to'), true),
  };
  const query: LedgerQuery = { ...range, ...cursors, limit: PAGE_SIZE };
  // Days the wrong way round match nothing: said at the To date, and nothing is asked of the service.
  const backwards = rangeProblem(get('from'), get('to'));
  const wallets = useQuery(ledgerQueries.wallets());
  const walletSource = useWalletSource();
  const page = useQuery({ ...ledgerQueries.page(query), enabled: !backwards });
  const totals = useQuery({ ...ledgerQueries.totals(range), enabled: !backwards });
  const rows = page.data?.data ?? [];
  const [exported, setExported] = useState<{ lines: number; cents: number; done: boolean } | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const stop = useRef<AbortController | null>(null);

  const walletOptions = wallets.data
    ? [
        { value: wallets.data.organization.id, label: `${wallets.data.organization.name} (organization)` },
        ...wallets.data.apps.map((app) => ({ value: app.id, label: app.name })),
      ]
    : [];
  // A user's wallet, opened from the user's page: named as such.
  if (range.wallet_id && !walletOptions.some((option) => option.value === range.wallet_id)) {
    walletOptions.push({ value: range.wallet_id, label: "A user's wallet" });
  }

  const runExport = async () => {
    const controller = new AbortController();
    stop.current = controller;
    setExportError(null);
    setExported({ lines: 0, cents: 0, done: false });
    try {
      const file = await exportLedger(
        range,
        (lines) => setExported({ lines, cents: 0, done: false }),
        controller.signal,
      );
      setExported({ lines: file.lines, cents: file.cents, done: true });
      downloadBlob(`ledger-${get('from') ?? 'all'}-${get('to') ?? 'now'}.csv`, file.blob);
    } catch (error) {
      if (!controller.signal.aborted) setExportError(error);
      setExported(null);
    } finally {
      stop.current = null;
    }
  };

  return (
    <Stack>
      <Title order={1}>Ledger</Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <Select
            label="Wallet"
            clearable
            data={walletOptions}
            value={range.wallet_id ?? null}
            onChange={(value) => setFilter('wallet_id', value)}
          />
          <SearchPicker
            label="From wallet"
            description="Where the money came from: the organization, an app or a user, by name"
            source={walletSource}
            value={range.source_wallet_id ?? ''}
            onChange={(id) => setFilter('source', id || undefined)}
          />
          <SearchPicker
            label="To wallet"
            description="Where the money went"
            source={walletSource}
            value={range.destination_wallet_id ?? ''}
            onChange={(id) => setFilter('destination', id || undefined)}
          />
          <Select
            label="Type"
            clearable
            data={typeOptions(billsApart)}
            description={billsApart ? undefined : BILLS_NOT_APART}
            value={get('type') ?? null}
            onChange={(value) => setFilter('type', value)}
          />
          <TextInput
            label="From date"
            type="date"
            value={get('from') ?? ''}
            onChange={(event) => setFilter('from', event.currentTarget.value)}
          />
          <TextInput
            label="To date"
            type="date"
            error={backwards}
            value={get('to') ?? ''}
            onChange={(event) => setFilter('to', event.currentTarget.value)}
          />
        </Group>
      </Paper>
      {totals.data && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Totals for the range
            </Title>
            <DataTable
              label="Totals by type"
              rows={totals.data.totals}
              rowKey={(row) => `${row.type}${row.bill ? ':bill' : ''}`}
              // Three short columns fit a 390 px phone: its amounts are never behind a sideways scroll.
              minWidth={280}
              columns={[
                { header: 'Type', cell: (row) => ledgerKindWords(row.type, row.bill ?? false) },
                { header: 'Lines', numeric: true, cell: (row) => row.count.toLocaleString('en-US') },
                { header: 'Amount', numeric: true, cell: (row) => <Money cents={row.amount} /> },
              ]}
            />
            <Text>
              {'Balance change of the range: '}
              <Money cents={totals.data.net} />
            </Text>
            {!range.wallet_id && (
              <Text size="sm" c="dimmed">
                All wallets: the organization&apos;s own, each app&apos;s and each user&apos;s. The Treasury
                shows each of them.
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      <Group>
        <Button onClick={runExport} disabled={exported !== null && !exported.done}>
          Export CSV
        </Button>
        {exported && !exported.done && (
          <>
            <Text role="status">{`Exporting: ${exported.lines.toLocaleString('en-US')} lines written`}</Text>
            <Button variant="default" onClick={() => stop.current?.abort()}>
              Stop export
            </Button>
          </>
        )}
        {exported?.done && (
          <Text role="status">
            {`Exported ${exported.lines.toLocaleString('en-US')} lines, summing to `}
            <Money cents={exported.cents} />
          </Text>
        )}
      </Group>
      {exportError !== null && <ApiErrorAlert error={exportError} />}
      {page.isError && <ApiErrorAlert error={page.error} />}
      {totals.isError && (
        <Alert color="gray" title="No totals">
          The service gives no totals for a range here: the lines below are all there is.
        </Alert>
      )}
      {page.isPending && !backwards && <Skeleton height={160} />}
      {page.data &&
        (rows.length === 0 ? (
          <Text>No transactions match.</Text>
        ) : (
          <DataTable<Transaction>
            label="Transactions"
            rows={rows}
            rowKey={(row) => String(row.id)}
            minWidth={900}
            columns={[
              {
                header: 'Date',
                cell: (row) => formatDateTime(row.created),
              },
              { header: 'Type', cell: (row) => ledgerLineWords(row) },
              { header: 'From', cell: (row) => row.source_name ?? '' },
              { header: 'To', cell: (row) => row.destination_name ?? '' },
              { header: 'Wallet', cell: (row) => walletName(row, wallets.data) },
              { header: 'Amount', numeric: true, cell: (row) => <Money cents={Number(row.amount)} /> },
              {
                header: 'Transfer',
                cell: (row) =>
                  row.transfer_id ? (
                    <Link href={`/transfers/${row.transfer_id}`} aria-label={openTransferName(row)}>
                      Open transfer
                    </Link>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        ))}
      <Pager
        cursors={cursors}
        hasMore={Boolean(page.data?.has_more)}
        firstId={rows[0] ? String(rows[0].id) : undefined}
        lastId={rows.at(-1) ? String(rows.at(-1)?.id) : undefined}
        goTo={goTo}
      />
    </Stack>
  );
}

import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { appQueries } from '../../api/apps';
import { useCan } from '../../api/permissions';
import type { App } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';

const PAGE_SIZE = 25;

/** Whether the app has a compliance record; "—" where the service does not say (upstream). */
function ComplianceBadge({ has }: { has: boolean | null | undefined }) {
  if (has == null) return '—';
  return (
    <Badge color={has ? 'teal.9' : 'gray.8'} variant="filled">
      {has ? 'On file' : 'None'}
    </Badge>
  );
}

/** The organization's apps, whether each has a compliance record, and the way to copy the organization's to it. */
export function AppsPage() {
  const { cursors, goTo } = useListParams();
  // The vendor's list of apps is a plain array: a full page means there may be more.
  const list = useQuery(appQueries.list({ limit: PAGE_SIZE, ...cursors }));
  const rows = list.data ?? [];
  const maySupport = useCan('support');
  const mayPay = useCan('pay');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Apps</Title>
        {mayPay && (
          <Button component={Link} href="/onboarding/apps/new">
            New app
          </Button>
        )}
      </Group>
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.isPending && <Skeleton height={120} />}
      {list.data &&
        (rows.length === 0 ? (
          <Text>No apps yet.</Text>
        ) : (
          <DataTable
            label="Apps"
            rows={rows}
            rowKey={(app) => app.id}
            href={maySupport ? (app) => `/compliance/copy?app_id=${app.id}` : undefined}
            minWidth={680}
            columns={[
              {
                header: 'Name',
                cell: (app) => (
                  <Anchor component={Link} to={`/apps/${app.id}`}>
                    {app.name ?? app.id}
                  </Anchor>
                ),
              },
              {
                header: 'ID',
                cell: (app) => (
                  <Text ff="monospace" size="sm">
                    {app.id}
                  </Text>
                ),
              },
              { header: 'Compliance', cell: (app) => <ComplianceBadge has={app.has_compliance} /> },
              ...(maySupport
                ? [
                    {
                      header: <VisuallyHidden>Actions</VisuallyHidden>,
                      cell: (app: App) => (
                        <Anchor
                          component={Link}
                          to={`/compliance/copy?app_id=${app.id}`}
                          aria-label={`Copy compliance to ${app.name ?? app.id}`}
                        >
                          Copy compliance
                        </Anchor>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        ))}
      <Pager
        cursors={cursors}
        hasMore={rows.length === PAGE_SIZE}
        firstId={rows[0]?.id}
        lastId={rows.at(-1)?.id}
        goTo={goTo}
      />
    </Stack>
  );
}

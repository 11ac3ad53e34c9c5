import { Anchor, Badge, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { appQueries } from '../../api/apps';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Pager, useListParams } from '../../components/keyset-pages';
import { useRowLink } from '../../components/row-link';

const PAGE_SIZE = 25;

/** The organization's apps, whether each has a compliance record, and the way to copy the organization's to it. */
export function AppsPage() {
  const { cursors, goTo } = useListParams();
  const rowLink = useRowLink();
  // The vendor's list of apps is a plain array: a full page means there may be more.
  const list = useQuery(appQueries.list({ limit: PAGE_SIZE, ...cursors }));
  const rows = list.data ?? [];
  return (
    <Stack>
      <Title order={1}>Apps</Title>
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.isPending && <Skeleton height={120} />}
      {list.data &&
        (rows.length === 0 ? (
          <Text>No apps yet.</Text>
        ) : (
          <Table.ScrollContainer type="native" minWidth={680}>
            <Table aria-label="Apps" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Compliance</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((app) => (
                  <Table.Tr key={app.id} {...rowLink(`/compliance/copy?app_id=${app.id}`)}>
                    <Table.Td>{app.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {app.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {app.has_compliance === true && (
                        <Badge color="teal.9" variant="filled">
                          On file
                        </Badge>
                      )}
                      {app.has_compliance === false && (
                        <Badge color="gray.8" variant="filled">
                          None
                        </Badge>
                      )}
                      {app.has_compliance == null && '—'}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/compliance/copy?app_id=${app.id}`}
                        aria-label={`Copy compliance to ${app.name ?? app.id}`}
                      >
                        Copy compliance
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { organizationQueries } from '../../api/organizations';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Money } from '../../components/Money';

const TASKS = [
  {
    to: '/payments/new',
    title: 'Create payment',
    text: 'Debit a user or a payment customer by ACH into the app.',
  },
  { to: '/addresses/new', title: 'Add address', text: "Add an address to a user's record." },
  {
    to: '/compliance/copy',
    title: 'Copy compliance',
    text: "Copy the organization's compliance record to an app.",
  },
];

export function OverviewPage() {
  const organization = useQuery(organizationQueries.current());
  return (
    <Stack>
      <Title order={1}>Overview</Title>
      {organization.isError && <ApiErrorAlert error={organization.error} />}
      <Card withBorder aria-label="Organization">
        {organization.data ? (
          <Stack gap={4}>
            <Text fw={600}>{organization.data.name ?? 'Organization'}</Text>
            <Text size="sm" c="dimmed">
              {organization.data.id}
            </Text>
            {organization.data.balance !== null && organization.data.balance !== undefined && (
              <Text>
                Balance: <Money cents={organization.data.balance} />
              </Text>
            )}
          </Stack>
        ) : (
          <Skeleton height={60} />
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {TASKS.map((task) => (
          <Card key={task.to} withBorder>
            <Anchor component={Link} to={task.to} fw={600}>
              {task.title}
            </Anchor>
            <Text size="sm" mt={4}>
              {task.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

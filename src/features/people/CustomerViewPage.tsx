import { Button, Group, Paper, Skeleton, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { customerQueries } from '../../api/customers';
import { useCan } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CopyableId } from '../../components/CopyableId';
import { DetailRow } from '../../components/DetailRow';
import { displayName, fullName } from '../../lib/names';
import { formatPhone } from '../../lib/phone';

/** A payment customer: who, how to reach them, and the way to take a payment from them. */
export function CustomerViewPage() {
  const { customerId = '' } = useParams();
  const customer = useQuery(customerQueries.detail(customerId));
  const data = customer.data;
  const mayPay = useCan('pay');
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1}>{data ? displayName(data) : 'Payment customer'}</Title>
        {mayPay && (
          <Button component={Link} to={`/payments/new?customer_id=${customerId}`}>
            Create payment
          </Button>
        )}
      </Group>
      <CopyableId id={customerId} label="customer ID" />
      {customer.isError && <ApiErrorAlert error={customer.error} title="The customer could not be read" />}
      {customer.isPending && <Skeleton height={80} />}
      {data && (
        <Paper withBorder p="md">
          <Table variant="vertical" aria-label="Profile">
            <Table.Tbody>
              <DetailRow label="Email">{data.email ?? '—'}</DetailRow>
              <DetailRow label="Phone">{formatPhone(data.country_code, data.phone_number) || '—'}</DetailRow>
              {data.business_name && (data.first_name || data.last_name) && (
                <DetailRow label="Contact">{fullName(data)}</DetailRow>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

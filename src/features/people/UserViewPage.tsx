import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { payeeRequestQueries } from '../../api/onboarding';
import { useCan } from '../../api/permissions';
import { transferQueries } from '../../api/transfers';
import { userQueries } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CopyableId } from '../../components/CopyableId';
import { DetailRow } from '../../components/DetailRow';
import { Money } from '../../components/Money';
import { TransfersTable } from '../../components/TransfersTable';
import { countryName } from '../../lib/countries';
import { fullName } from '../../lib/names';
import { describePayoutMethod } from '../../lib/payout-methods';
import { formatPhone } from '../../lib/phone';
import { taxFormOnFile } from '../../lib/tax-form';
import { contactDetailsPath } from '../../lib/user-pages';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * A user as a support agent needs them: who, where, where their payouts go, their payouts and recent transfers. Each section stands
 * alone, so a service that lacks one of these reads (GET /v2/users/{id} is a sandbox extension) still shows the rest.
 */
export function UserViewPage() {
  const { userId = '' } = useParams();
  const user = useQuery(userQueries.detail(userId));
  const accounts = useQuery(userQueries.payoutMethods(userId));
  // A method sent for this payee (through their onboarding link, or by a member) that a second member has yet to
  // confirm: not saved, but not nothing either.
  const waitingMethods = (useQuery(payeeRequestQueries.pending()).data?.data ?? []).filter(
    (request) =>
      request.user_id === userId && (request.operation ?? 'add-payout-method') === 'add-payout-method',
  );
  const transfers = useQuery(transferQueries.list({ user_id: userId, limit: 10 }));
  const payouts = useQuery(transferQueries.list({ user_id: userId, type: 'payout', limit: 10 }));
  const name = user.data ? fullName(user.data) : '';
  // The sandbox marks the default method; the vendor names only its kind on the user: the first of that kind.
  const methods = accounts.data ?? [];
  const marked = methods.findIndex((method) => method.is_default);
  const defaultIndex =
    marked >= 0
      ? marked
      : methods.findIndex((method) => method.platform === user.data?.default_payout_method);
  const mayPay = useCan('pay');
  const maySupport = useCan('support');

  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1}>{name || 'User'}</Title>
        <Group>
          {mayPay && (
            <Button component={Link} to={`/payments/new?user_id=${userId}`}>
              Create payment
            </Button>
          )}
          {mayPay && (
            <Button component={Link} to={`/payouts/new?user_id=${userId}`} variant="default">
              Send payout
            </Button>
          )}
          {maySupport && (
            <Button component={Link} to={`/users/${userId}/addresses/new`} variant="default">
              Add address
            </Button>
          )}
          {maySupport && (
            <Button component={Link} to={`/users/${userId}/onboarding`} variant="default">
              Onboarding
            </Button>
          )}
          {maySupport && (
            <Button component={Link} to={contactDetailsPath(userId)} variant="default">
              Edit contact details
            </Button>
          )}
        </Group>
      </Group>
      <CopyableId id={userId} label="user ID" />
      <Section title="Profile">
        {user.isPending && <Skeleton height={40} />}
        {user.isError && <ApiErrorAlert error={user.error} title="The user could not be read" />}
        {user.data && (
          <Table variant="vertical" aria-label="Profile">
            <Table.Tbody>
              <DetailRow label="Email">{user.data.email ?? '—'}</DetailRow>
              <DetailRow label="Phone">
                {formatPhone(user.data.phone_number?.country_code, user.data.phone_number?.phone_number) ||
                  '—'}
              </DetailRow>
              <DetailRow label="Status">{user.data.status ?? '—'}</DetailRow>
              <DetailRow label="Tax form">{taxFormOnFile(user.data.compliance)}</DetailRow>
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title="Addresses">
        {user.data?.addresses && user.data.addresses.length > 0 ? (
          <Stack gap="xs" role="group" aria-label="Addresses">
            {user.data.addresses.map((address, index) => (
              <Text key={address.id ?? index} size="sm">
                {[
                  address.line_1,
                  address.line_2,
                  address.line_3,
                  address.city,
                  address.state,
                  address.postcode,
                  countryName(address.country),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {user.data ? 'No addresses.' : 'Addresses are shown with the profile.'}
          </Text>
        )}
      </Section>
      <Section title="Payout methods">
        {accounts.isError && (
          <ApiErrorAlert error={accounts.error} title="The payout methods could not be read" />
        )}
        {waitingMethods.length > 0 && (
          <Stack gap={4} role="group" aria-label="Payout methods waiting for confirmation">
            {waitingMethods.map((request) => (
              <Text key={request.id} size="sm">
                {request.after}: waiting for confirmation by a second member
              </Text>
            ))}
          </Stack>
        )}
        {accounts.data &&
          (accounts.data.length === 0 ? (
            waitingMethods.length === 0 && (
              <Text size="sm" c="dimmed">
                No saved payout methods.
              </Text>
            )
          ) : (
            <Stack gap={4} role="group" aria-label="Payout methods">
              {accounts.data.map((method, index) => (
                <Text key={method.id ?? index} size="sm">
                  {describePayoutMethod(method)}
                  {index === defaultIndex ? ' (default)' : ''}
                  {method.id ? ` · ${method.id}` : ''}
                </Text>
              ))}
            </Stack>
          ))}
      </Section>
      <Section title="Wallet">
        {user.data?.wallet ? (
          <Group>
            <Text>
              <Money cents={Number(user.data.wallet.amount)} />
            </Text>
            <Link href={`/ledger?wallet_id=${userId}`}>Wallet lines</Link>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            The service does not show this user&apos;s wallet here.
          </Text>
        )}
      </Section>
      <Section title="Payouts">
        {payouts.isError && <ApiErrorAlert error={payouts.error} title="The payouts could not be read" />}
        {payouts.data &&
          (payouts.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No payouts yet.
            </Text>
          ) : (
            <TransfersTable label="Payouts" transfers={payouts.data.data} />
          ))}
      </Section>
      <Section title="Recent transfers">
        {transfers.isError && (
          <ApiErrorAlert error={transfers.error} title="The transfers could not be read" />
        )}
        {transfers.data &&
          (transfers.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No transfers yet.
            </Text>
          ) : (
            <TransfersTable label="Recent transfers" transfers={transfers.data.data} />
          ))}
      </Section>
    </Stack>
  );
}

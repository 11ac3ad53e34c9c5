import { Anchor, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { userQueries } from '../../api/users';
import { describePayoutMethod } from '../../lib/payout-methods';
import { DEFAULT_METHOD, defaultMethodOf, methodKey, payableMethods } from './form-payout';

interface Props {
  userId: string | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * "Payout method": the payee's saved methods, masked (a bank account by its last four digits, PayPal by the first
 * letter and the domain), the default one said so; loading, empty and error states said at the field.
 */
export function PayoutMethodChoice({ userId, value, onChange, error }: Props) {
  const methods = useQuery({ ...userQueries.payoutMethods(userId ?? ''), enabled: userId !== null });
  const user = useQuery({ ...userQueries.detail(userId ?? ''), enabled: userId !== null });
  const preferred = defaultMethodOf(methods.data);
  const payable = payableMethods(methods.data);
  const email = user.data?.email;
  if (userId === null) {
    return (
      <Text size="sm" c="dimmed">
        Choose the payee first: their saved payout methods show here.
      </Text>
    );
  }
  if (methods.isPending) return <Skeleton height={60} aria-label="Loading payout methods" />;
  let problem: string | undefined = error;
  if (methods.isError) problem = `Could not load the payout methods: ${methods.error.message}`;
  return (
    <Radio.Group label="Payout method" value={value} onChange={onChange} error={problem} required>
      <Stack gap="xs" mt={4}>
        {/* The default is offered once: as the method marked "Their default" where the service says which it is,
            else as "Their default method", which the service chooses when it pays. */}
        {(methods.data ?? []).length > 0 && !(preferred && payable.includes(preferred)) && (
          <Radio
            value={DEFAULT_METHOD}
            label="Their default method"
            description={preferred ? describePayoutMethod(preferred) : 'The one the payee chose'}
          />
        )}
        {payable.map((method, index) => (
          <Radio
            key={methodKey(method, index)}
            value={methodKey(method, index)}
            label={describePayoutMethod(method)}
            description={method === preferred ? 'Their default' : undefined}
          />
        ))}
        {methods.data && methods.data.length === 0 && (
          <Text size="sm">
            This user has no saved payout method.{' '}
            <Anchor
              component={Link}
              to={email ? `/payout-links/new?email=${encodeURIComponent(email)}` : '/payout-links/new'}
            >
              Send them a payout link
            </Anchor>{' '}
            instead: they choose where the money goes.
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}

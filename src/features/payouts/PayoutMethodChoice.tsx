import { Anchor, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { PayoutMethod } from '../../api/schemas';
import { userQueries } from '../../api/users';
import { describePayoutMethod, payoutRailOf } from '../../lib/payout-methods';
import { isUuid } from '../../lib/uuid';

/** A method's value in the form: its id, or its kind and place where the service gives it none. */
export const methodKey = (method: PayoutMethod, index: number) => method.id ?? `${method.platform}-${index}`;

/** The value of "their default method": the service chooses among the payee's methods. */
export const DEFAULT_METHOD = 'default';

/**
 * The methods a payout can go to: the rails the console knows; a bank account only with an id to name it by (the
 * vendor takes a bank account's id, a UUID, and nothing else).
 */
export function payableMethods(methods: readonly PayoutMethod[] | undefined): PayoutMethod[] {
  return (methods ?? []).filter((method) => {
    const rail = payoutRailOf(method.platform);
    return rail !== null && (rail !== 'ach' || isUuid(method.id ?? ''));
  });
}

/** The payee's default method, where the service marks it. */
export function defaultMethodOf(methods: readonly PayoutMethod[] | undefined): PayoutMethod | undefined {
  return methods?.find((method) => method.is_default);
}

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

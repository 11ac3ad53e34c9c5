import { Text } from '@mantine/core';
import { ApiErrorAlert } from './ApiErrorAlert';

/**
 * No answer came back for money sent (a payment, a payout): it may or may not have been made, and the console looks
 * for it by its request id before anything else; what the last look found, when it found nothing.
 */
export function OutcomeUnknownAlert({
  what,
  error,
  requestId,
  checking,
  checkMessage,
}: {
  what: 'payment' | 'payout' | 'deposit' | 'withdrawal' | 'transfer' | 'bill payment';
  error: Error;
  requestId: string | undefined;
  checking: boolean;
  checkMessage: string | null;
}) {
  return (
    <ApiErrorAlert error={error} title="Outcome unknown">
      <Text size="sm" mt={4}>
        {checking
          ? `Looking for a ${what} carrying request id `
          : `No answer came back, so this ${what} may or may not have been made. Check again: the console looks for a ${what} carrying request id `}
        <code>{requestId}</code>
        {checking ? '…' : ' before anything else.'}
      </Text>
      {checkMessage && (
        <Text size="sm" mt={4}>
          {checkMessage}
        </Text>
      )}
    </ApiErrorAlert>
  );
}

import { WarningAlert } from './WarningAlert';

/** Before a disabled payer is charged: the service may refuse it, and the payer may not expect it. */
export function DisabledPayerWarning({ who = 'This payer' }: { who?: string }) {
  return (
    <WarningAlert title="The payer is disabled" role="alert">
      {who} is disabled at the service. Charge them only if you know why they are disabled and that they
      agreed to this debit.
    </WarningAlert>
  );
}

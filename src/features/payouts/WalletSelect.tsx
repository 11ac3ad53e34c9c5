import type { Wallet } from '../../api/wallets';
import { Select } from '../../components/Select';
import { formatCents } from '../../lib/money';

interface Props {
  wallets: readonly Wallet[];
  value: string;
  onChange: (appId: string) => void;
  error?: string | undefined;
  /** Why the wallets could not be read, said at the field. */
  loadError?: Error | null;
}

/**
 * "Paid from": the app whose wallet the money leaves, each with its balance, the chosen one's said under the field.
 * Send payout and Create payout link choose it alike (the service's Api-App-Id).
 */
export function WalletSelect({ wallets, value, onChange, error, loadError }: Props) {
  const wallet = wallets.find((w) => w.appId === value) ?? null;
  return (
    <Select
      label="Paid from"
      description={
        wallet && wallet.cents !== null
          ? `The wallet of ${wallet.appName} holds ${formatCents(wallet.cents)}`
          : 'The wallet of the app the money is paid from'
      }
      data={wallets.map((w) => ({
        value: w.appId,
        label: w.cents === null ? w.appName : `${w.appName} (${formatCents(w.cents)})`,
      }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error ?? (loadError ? `Could not load the wallets: ${loadError.message}` : undefined)}
      allowDeselect={false}
      required
    />
  );
}

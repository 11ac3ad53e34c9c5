import { useQuery } from '@tanstack/react-query';
import { userQueries } from '../../api/users';
import { Select } from '../../components/Select';
import { describeAccount } from '../../lib/mask';

interface Props {
  userId: string | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** "Account on file": the user's stored ACH accounts, with loading, empty and error states said at the field. */
export function StoredAccountSelect({ userId, value, onChange, error }: Props) {
  const accounts = useQuery({ ...userQueries.payoutMethods(userId ?? ''), enabled: userId !== null });
  const options = (accounts.data ?? [])
    .filter((method) => method.platform === 'ach' && method.id)
    .map((method) => ({
      value: method.id as string,
      label: describeAccount(method.account_type, method.mask ?? '????'),
    }));

  let placeholder = 'Choose an account';
  let stateMessage: string | undefined;
  if (userId === null) placeholder = 'Enter a valid user ID first';
  else if (accounts.isPending) placeholder = 'Loading accounts…';
  else if (accounts.isError) stateMessage = `Could not load the accounts: ${accounts.error.message}`;
  else if (options.length === 0)
    stateMessage = 'This user has no stored ACH accounts: pay from a bank account instead';

  return (
    <Select
      label="Account on file"
      placeholder={placeholder}
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      disabled={userId === null || accounts.isPending || options.length === 0}
      error={error ?? stateMessage}
      required
    />
  );
}

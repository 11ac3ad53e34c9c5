import { Anchor, Button, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { type Bill, billQueries, useUpdateBill } from '../../api/accounts-payable';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { possessive } from '../../lib/words';

/**
 * Where a bill whose payment failed goes next: another of its vendor's accounts, never the one that failed. Choosing
 * one changes where money goes, so the bill's approvals are void and it waits for approval again before "Pay again".
 * A new account is added on the vendor's page, where it waits for a second member as any account change does.
 */
export function PayToAnother({ bill, failedMasks }: { bill: Bill; failedMasks: readonly string[] }) {
  const vendorId = bill.ap_vendor_id ?? '';
  const methods = useQuery({ ...billQueries.methods(vendorId), enabled: vendorId !== '' });
  const update = useUpdateBill(bill.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const others = (methods.data ?? []).filter(
    (m) => m.id !== bill.ap_payment_method_id && !failedMasks.includes(m.mask ?? ''),
  );
  const vendor = bill.ap_vendor_name ?? 'the vendor';
  return (
    <Stack gap="xs">
      {methods.isError && (
        <ApiErrorAlert error={methods.error} title="The vendor's accounts could not be read" />
      )}
      {others.length > 0 ? (
        <Radio.Group
          label="Pay to"
          description="Another account of the vendor: the bill is approved again before it is paid there."
          value={chosen}
          onChange={setChosen}
        >
          <Stack gap={4} mt={4}>
            {others.map((m) => (
              <Radio key={m.id} value={m.id} label={`${m.name} •••• ${m.mask ?? '????'}`} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        methods.isSuccess && <Text size="sm">{`${vendor} has no other account yet.`}</Text>
      )}
      {vendorId && (
        <Text size="sm">
          {/* Underlined: in a sentence a link told apart by its colour alone is too faint in the dark scheme. */}
          <Anchor component={Link} to={`/vendors/${vendorId}`} underline="always">
            {`Add an account on ${possessive(vendor)} page`}
          </Anchor>{' '}
          (a second member confirms it; it is then offered here).
        </Text>
      )}
      {update.isError && <ApiErrorAlert error={update.error} />}
      {others.length > 0 && (
        <div>
          <Button
            disabled={chosen === null}
            loading={update.isPending}
            onClick={() => chosen && update.mutate({ ap_payment_method_id: chosen })}
          >
            Send for approval to this account
          </Button>
        </div>
      )}
    </Stack>
  );
}

import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { ApPolicy } from '../../api/accounts-payable';
import { Select } from '../../components/Select';
import { previewPolicy } from '../../lib/ap-policy-preview';
import { parseDollars } from '../../lib/money';
import { asPolicyLike, stepsInWords } from './policy-form';

/** "Which policy applies" to a bill of this amount from this vendor: the sandbox's own rule, with why. */
export function PolicyPreview({
  policies,
  vendors,
  vendorName,
  approverName,
}: {
  policies: readonly ApPolicy[];
  vendors: readonly { value: string; label: string }[];
  vendorName: (id: string) => string;
  approverName: (id: number) => string;
}) {
  const [dollars, setDollars] = useState('');
  const [vendorId, setVendorId] = useState<string | null>(null);
  const amount = parseDollars(dollars);
  const preview = amount.ok
    ? previewPolicy(policies.map(asPolicyLike), { amount: amount.cents, vendorId }, vendorName)
    : null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Which policy applies
      </Title>
      <Group align="flex-start" grow maw={640}>
        <TextInput
          label="Bill amount (USD)"
          inputMode="decimal"
          value={dollars}
          onChange={(event) => setDollars(event.currentTarget.value)}
          error={dollars.trim() && !amount.ok ? amount.problem : undefined}
        />
        <Select
          label="Vendor of the bill"
          placeholder="Any vendor"
          data={vendors}
          searchable
          clearable
          value={vendorId}
          onChange={setVendorId}
        />
      </Group>
      <div role="status" aria-live="polite" aria-label="Policy that applies">
        {preview?.kind === 'policy' && (
          <Stack gap={4}>
            <Text fw={600}>
              Policy {preview.policy.priority} applies: {preview.holds.join(' and ')}.
            </Text>
            <Text size="sm">Approved by {stepsInWords(preview.policy.source, approverName)}.</Text>
          </Stack>
        )}
        {preview?.kind === 'none' && (
          <Text fw={600}>No policy applies: a bill like this is approved when it is submitted.</Text>
        )}
        {preview && preview.passedOver.length > 0 && (
          <Text size="sm" c="dimmed">
            Passed over first:{' '}
            {preview.passedOver.map((p) => `policy ${p.policy.priority} (not ${p.failed})`).join('; ')}.
          </Text>
        )}
        {!preview && (
          <Text size="sm">
            {dollars.trim()
              ? 'Correct the amount to see which policy a bill would follow.'
              : 'Enter an amount to see which policy a bill would follow.'}
          </Text>
        )}
      </div>
    </Stack>
  );
}

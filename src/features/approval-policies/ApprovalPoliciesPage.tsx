import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { billQueries } from '../../api/accounts-payable';
import type { PolicyOutcome } from '../../api/ap-policies';
import { useRole } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ApUsersSection } from './ApUsersSection';
import { approverName, stepApproverOptions } from './approver-names';
import { NewPolicyForm } from './NewPolicyForm';
import { OutcomeNotice } from './OutcomeNotice';
import { PolicyPreview } from './PolicyPreview';
import { PolicyTiers } from './PolicyTiers';

/**
 * Who approves which bills: the policies in the order they are tried (the first whose conditions all hold applies),
 * a preview of which applies to an amount and a vendor, and, for admins, a new policy, moves and deletions (each
 * waiting for another admin where there are two) and which AP user each member acts as.
 */
export function ApprovalPoliciesPage() {
  const admin = useRole() === 'admin';
  const policies = useQuery(billQueries.policies());
  const vendors = useQuery(billQueries.vendors());
  const approvers = useQuery(billQueries.approvers());
  const [outcome, setOutcome] = useState<PolicyOutcome | null>(null);
  const vendorOptions = (vendors.data?.data ?? []).map((v) => ({ value: v.id, label: v.name }));
  const vendorName = (id: string) => vendorOptions.find((v) => v.value === id)?.label ?? id;
  const byId = new Map((approvers.data ?? []).map((a) => [a.id, approverName(a)]));
  const nameOf = (id: number) => byId.get(id) ?? `AP user ${id}`;
  return (
    <Stack>
      <Title order={1}>Approval policies</Title>
      <Text c="dimmed">
        A submitted bill follows the first policy, by priority, whose conditions all hold; its steps run in
        order. A bill no policy matches is approved when it is submitted.
        {admin ? '' : ' Admins change the policies.'}
      </Text>
      <OutcomeNotice outcome={outcome} done="The policies are changed." />
      {policies.isError && <ApiErrorAlert error={policies.error} />}
      {policies.isPending && <Skeleton height={120} />}
      {policies.data && (
        <PolicyTiers
          policies={policies.data}
          admin={admin}
          vendorName={vendorName}
          approverName={nameOf}
          onOutcome={setOutcome}
        />
      )}
      {policies.data && (
        <PolicyPreview
          policies={policies.data}
          vendors={vendorOptions}
          vendorName={vendorName}
          approverName={nameOf}
        />
      )}
      {admin && (
        <NewPolicyForm
          vendors={vendorOptions}
          approvers={stepApproverOptions(approvers.data ?? [])}
          apUsers={approvers.data ?? []}
          onOutcome={setOutcome}
        />
      )}
      {admin && <ApUsersSection />}
    </Stack>
  );
}

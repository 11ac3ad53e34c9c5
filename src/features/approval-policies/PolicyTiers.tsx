import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { ApPolicy } from '../../api/accounts-payable';
import { type PolicyOutcome, useDeletePolicy, useMovePolicy } from '../../api/ap-policies';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { describeCondition } from '../../lib/ap-policies';
import { asPolicyLike, stepsInWords } from './policy-form';

/** The policies in the order they are tried; an admin moves one up or down, or deletes it. */
export function PolicyTiers({
  policies,
  admin,
  vendorName,
  approverName,
  onOutcome,
}: {
  policies: readonly ApPolicy[];
  admin: boolean;
  vendorName: (id: string) => string;
  approverName: (id: number) => string;
  onOutcome: (outcome: PolicyOutcome) => void;
}) {
  const move = useMovePolicy();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const remove = useDeletePolicy();
  const [deleting, setDeleting] = useState<ApPolicy | null>(null);
  const ordered = [...policies].sort((a, b) => a.priority - b.priority);
  const last = ordered.at(-1)?.priority ?? 0;
  const conditions = (policy: ApPolicy) =>
    asPolicyLike(policy)
      .payable_conditions.map((c) => describeCondition(c, vendorName))
      .join(' and ');
  if (ordered.length === 0) {
    return <Text>No policy: every bill is approved when it is submitted.</Text>;
  }
  return (
    <>
      {move.isError && <ApiErrorAlert error={move.error} title="The policy was not moved" />}
      {remove.isError && <ApiErrorAlert error={remove.error} title="The policy was not deleted" />}
      <DataTable
        label="Approval policies, in the order they are tried"
        rows={ordered}
        rowKey={(p) => p.id}
        minWidth={phone ? 0 : 720}
        columns={[
          // At phone width the priority leads its conditions and the buttons stack, so that "Approved by" shows
          // without sideways scrolling.
          ...(phone
            ? [
                {
                  header: 'Policy, for bills where',
                  cell: (p: ApPolicy) => `${p.priority}. ${conditions(p)}`,
                },
              ]
            : [
                { header: 'Priority', cell: (p: ApPolicy) => p.priority },
                { header: 'Applies to bills where', cell: conditions },
              ]),
          { header: 'Approved by', cell: (p) => stepsInWords(p, approverName) },
          ...(admin
            ? [
                {
                  header: 'Change',
                  cell: (p: ApPolicy) => (
                    <Group gap={6} wrap="nowrap" style={phone ? { flexDirection: 'column' } : undefined}>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={p.priority === 1 || move.isPending}
                        aria-label={`Move up policy ${p.priority}`}
                        onClick={() =>
                          move.mutate({ policy: p, priority: p.priority - 1 }, { onSuccess: onOutcome })
                        }
                      >
                        Move up
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={p.priority === last || move.isPending}
                        aria-label={`Move down policy ${p.priority}`}
                        onClick={() =>
                          move.mutate({ policy: p, priority: p.priority + 1 }, { onSuccess: onOutcome })
                        }
                      >
                        Move down
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Delete policy ${p.priority}`}
                        onClick={() => setDeleting(p)}
                      >
                        Delete
                      </Button>
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete policy ${deleting?.priority ?? ''}?`}
        confirmLabel={`Delete policy ${deleting?.priority ?? ''}`}
        dismissLabel="Keep it"
        danger
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: onOutcome,
            onSettled: () => setDeleting(null),
          })
        }
      >
        {deleting
          ? `Bills where ${conditions(deleting)} go to the next policy that matches, or are approved when submitted. Bills already submitted keep their steps.`
          : ''}
      </ConfirmDialog>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  approvalQueries,
  type LinkDelivery,
  type TeamRequest,
  useDecideTeamRequest,
} from '../../api/approvals';
import { session } from '../../api/credentials';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { LinkDeliveryNotice } from '../../components/LinkDeliveryNotice';
import { Notice } from '../../components/Notice';
import { age, formatDateTime } from '../../lib/dates';
import { teamRejectionBody } from '../../lib/requests/team-decisions';
import { TEAM_CHANGE_OUTCOMES, teamConfirmConsequence, teamDecisionSaid } from '../../lib/team-changes';

type Asked = { request: TeamRequest; decision: 'confirm' | 'reject' | 'withdraw' };

/**
 * Changes of the team that wait for a second admin (admins only): who asked, what, when. Another admin confirms or
 * rejects each; the admin who asked may withdraw it. A link the change makes comes to the admin who confirms it.
 */
export function TeamRequests() {
  // Every state: what waits, and the decisions on this admin's own changes (a rejection's reason is for them).
  const all = useQuery({ ...approvalQueries.teamRequests(), refetchInterval: 5000 });
  const decide = useDecideTeamRequest();
  const [asked, setAsked] = useState<Asked | null>(null);
  // A rejection's reason, by the rule the console server reads; what was typed stays through a refusal.
  const reasonForm = useForm({ resolver: zodResolver(teamRejectionBody), defaultValues: { reason: '' } });
  const [done, setDone] = useState<{
    what: string;
    title: string;
    waits: boolean;
    link?: LinkDelivery | undefined;
  } | null>(null);
  const me = session.credentials()?.member?.id;
  // The dialog keeps its words while it closes.
  const lastAsked = useRef<Asked | null>(null);
  if (asked) lastAsked.current = asked;
  const shown = asked ?? lastAsked.current;
  const rows = (all.data?.data ?? []).filter((r) => r.status === 'pending');
  const decidedMine = (all.data?.data ?? [])
    .filter((r) => r.proposer?.id === me && r.status !== 'pending')
    .slice(0, 10);

  const send = ({ request, decision }: Asked, reason?: string) =>
    decide.mutate(
      {
        id: request.id,
        decision,
        ...(reason !== undefined ? { reason } : {}),
        // The dialog showed the caution above its button: the confirmation is made knowing it.
        ...(decision === 'confirm' && request.caution ? { acknowledgeCaution: true } : {}),
      },
      {
        onSuccess: (answer) => {
          setAsked(null);
          reasonForm.reset();
          // A change no member proposed is adopted by this confirmation, not applied: the answer says which.
          const said = teamDecisionSaid(decision, answer.kind, request.description);
          setDone({ what: said.said, title: said.title, waits: said.waits, link: answer.link });
        },
      },
    );
  const act = (chosen: Asked) => {
    if (chosen.decision === 'reject') void reasonForm.handleSubmit(({ reason }) => send(chosen, reason))();
    else send(chosen);
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Team changes waiting for a second admin
      </Title>
      {done &&
        (done.link ? (
          <LinkDeliveryNotice what={done.what} delivery={done.link} onDone={() => setDone(null)} />
        ) : (
          <Notice tone={done.waits ? 'info' : 'success'} role="status" title={done.title}>
            {done.what}
          </Notice>
        ))}
      {decide.error && <ApiErrorAlert error={decide.error} title="The decision was refused" />}
      {all.isError && <ApiErrorAlert error={all.error} />}
      {all.data &&
        (rows.length === 0 ? (
          <Text size="sm">No change of the team waits.</Text>
        ) : (
          <DataTable
            label="Team changes waiting"
            rows={rows}
            rowKey={(r) => r.id}
            minWidth={760}
            columns={[
              { header: 'Change', cell: (r) => r.description },
              {
                header: 'Asked by',
                cell: (r) => (r.proposer ? `${r.proposer.name} (${r.proposer.email})` : '—'),
              },
              { header: 'Asked', cell: (r) => `${formatDateTime(r.created_at)} (${age(r.created_at)} ago)` },
              {
                header: 'Decision',
                cell: (r) =>
                  r.proposer?.id === me ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setAsked({ request: r, decision: 'withdraw' })}
                    >
                      Withdraw
                    </Button>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" onClick={() => setAsked({ request: r, decision: 'confirm' })}>
                        Confirm
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setAsked({ request: r, decision: 'reject' })}
                      >
                        Reject
                      </Button>
                    </Group>
                  ),
              },
            ]}
          />
        ))}
      {decidedMine.length > 0 && (
        <>
          <Title order={3} size="h5">
            Your recent team changes
          </Title>
          <DataTable
            label="Your recent team changes"
            rows={decidedMine}
            rowKey={(r) => r.id}
            minWidth={760}
            columns={[
              { header: 'Change', cell: (r) => r.description },
              { header: 'Outcome', cell: (r) => TEAM_CHANGE_OUTCOMES[r.status] },
              { header: 'By', cell: (r) => r.decided_by?.name ?? '—' },
              { header: 'Reason', cell: (r) => r.reason ?? '—' },
              { header: 'When', cell: (r) => formatDateTime(r.decided_at ?? r.created_at) },
            ]}
          />
        </>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={shown ? shown.request.description : ''}
        confirmLabel={
          shown?.decision === 'confirm'
            ? `Confirm: ${shown.request.description}`
            : shown?.decision === 'reject'
              ? 'Reject the change'
              : 'Withdraw the change'
        }
        danger={shown?.decision === 'reject'}
        pending={decide.isPending}
        onCancel={() => {
          setAsked(null);
          reasonForm.clearErrors();
        }}
        onConfirm={() => asked && act(asked)}
      >
        {shown?.decision === 'reject' ? (
          <Textarea
            label="Reason"
            description="Shown to the admin who asked"
            {...reasonForm.register('reason')}
            error={reasonForm.formState.errors.reason?.message}
            maxLength={500}
            data-autofocus
          />
        ) : (
          <Stack gap="xs">
            {shown?.decision === 'confirm' && shown.request.caution && (
              <Notice tone="warning" title="Before you confirm">
                {shown.request.caution}
              </Notice>
            )}
            <Text size="sm">
              {shown?.decision === 'confirm'
                ? teamConfirmConsequence(shown.request.proposer?.name ?? null, shown.request.kind)
                : 'Nothing changes; another admin no longer sees it.'}
            </Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

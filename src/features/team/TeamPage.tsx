import { Anchor, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { session } from '../../api/credentials';
import { type TeamChange, teamQueries, useChangeMember, useResetMember } from '../../api/team';
import type { Member } from '../../api/team-session';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { LinkDeliveryNotice } from '../../components/LinkDeliveryNotice';
import { Notice } from '../../components/Notice';
import { Select } from '../../components/Select';
import { formatDateTime } from '../../lib/dates';
import { isRole, ROLE_LABELS, ROLES, type Role } from '../../lib/roles';
import { needsSecondAdmin } from '../../lib/team-changes';
import { InviteMemberForm } from './InviteMemberForm';
import { PasswordRuleForm } from './PasswordRuleForm';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_LABELS: Record<Member['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/** An action an admin asked for, waiting for their confirmation in a dialog. */
type Pending =
  | { kind: 'role'; member: Member; role: Role }
  | { kind: 'disable' | 'enable' | 'password-reset' | 'totp-reset'; member: Member };

/**
 * What the action does, in words, and the name of its button. A change that waits for another admin does nothing yet:
 * the dialog says what happens when it is confirmed, never "now".
 */
function described(action: Pending, waits: boolean): { title: string; consequence: string; button: string } {
  const name = action.member.name;
  const when = (now: string, confirmed: string) =>
    waits ? `Nothing changes until another admin confirms it. Then ${confirmed}` : now;
  switch (action.kind) {
    case 'role':
      return {
        title: `Change the role of ${name}`,
        consequence: when(
          `${name} becomes ${ROLE_LABELS[action.role]}. Their sessions end now: they sign in again with the new role.`,
          `${name} becomes ${ROLE_LABELS[action.role]} and their sessions end: they sign in again with the new role.`,
        ),
        button: waits
          ? `Ask to make ${name} ${ROLE_LABELS[action.role]}`
          : `Make ${name} ${ROLE_LABELS[action.role]}`,
      };
    case 'disable':
      return {
        title: `Disable ${name}`,
        consequence: when(
          'Their sessions end at once and they cannot sign in until an admin enables them again. Requests they submitted that still wait for approval are canceled.',
          'their sessions end and they cannot sign in until an admin enables them again; requests they submitted that still wait for approval are canceled.',
        ),
        button: waits ? `Ask to disable ${name}` : `Disable ${name}`,
      };
    case 'enable':
      return {
        title: `Enable ${name}`,
        consequence: when(
          `${name} can sign in again with their password.`,
          `${name} can sign in again with their password.`,
        ),
        button: waits ? `Ask to enable ${name}` : `Enable ${name}`,
      };
    case 'password-reset':
      return {
        title: `Reset the password of ${name}`,
        consequence: when(
          'Their old password stops working at once and their sessions end. A one-time link (72 hours) lets them set a new one; requests that waited before then are for other members to approve. For a while after they approve nothing, and whatever they pay waits for a member other than the admins who reset it.',
          'their old password stops working and their sessions end; a one-time link (72 hours) lets them set a new one, and requests that waited before then are for other members to approve. For a while after they approve nothing, and whatever they pay waits for a member other than the admins who reset it.',
        ),
        button: waits ? `Ask to reset the password of ${name}` : `Reset password of ${name}`,
      };
    case 'totp-reset':
      return {
        title: `Reset the authenticator of ${name}`,
        consequence: when(
          'Their authenticator stops working and their sessions end; they set up a new one at their next sign-in. For a while after they approve nothing, and whatever they pay waits for a member other than the admins who reset it.',
          'their authenticator stops working and their sessions end; they set up a new one at their next sign-in. For a while after they approve nothing, and whatever they pay waits for a member other than the admins who reset it.',
        ),
        button: waits ? `Ask to reset the authenticator of ${name}` : `Reset authenticator of ${name}`,
      };
  }
}

/** What an applied or waiting change says once it is done. */
function ChangeOutcome({ what, change, onDone }: { what: string; change: TeamChange; onDone: () => void }) {
  if (change.kind === 'waiting') {
    return (
      <Notice tone="info" role="status" title="Waiting for another admin">
        <Text size="sm">
          {change.request.description}: it applies when another admin confirms it on the{' '}
          <Anchor component={Link} href="/approvals" c="inherit" underline="always">
            Approvals
          </Anchor>{' '}
          page.
        </Text>
      </Notice>
    );
  }
  if (change.link) return <LinkDeliveryNotice what={what} delivery={change.link} onDone={onDone} />;
  return (
    <Notice tone="success" role="status" title="Done">
      <Text size="sm">{what}</Text>
    </Notice>
  );
}

/** The team's members (admins only): invite, change a role, disable or enable, reset a password or authenticator. */
export function TeamPage() {
  const members = useQuery(teamQueries.members());
  const change = useChangeMember();
  const reset = useResetMember();
  const [asked, setAsked] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ what: string; change: TeamChange } | null>(null);
  const me = session.credentials()?.member?.id;
  const rows = members.data?.data ?? [];
  const admins = rows.filter((m) => m.role === 'admin' && m.status === 'active').length;
  // With two admins, links go by mail only: without mail, invitations and password resets are refused.
  const mailNeeded = members.data?.mail === false && admins >= 2;
  const busy = change.isPending || reset.isPending;
  const refusal = change.error ?? reset.error;
  const ask = (action: Pending | null) => {
    change.reset();
    reset.reset();
    setAsked(action);
  };

  const waits = (action: Pending) =>
    needsSecondAdmin(
      action.kind === 'password-reset' || action.kind === 'totp-reset'
        ? { kind: action.kind, target: action.member, by: me ?? '' }
        : action.kind === 'role'
          ? { kind: 'role', target: action.member, role: action.role }
          : { kind: action.kind, target: action.member },
      admins,
    );

  const confirm = (action: Pending) => {
    const done = (what: string) => (result: TeamChange) => {
      setAsked(null);
      setOutcome({ what, change: result });
    };
    const name = action.member.name;
    if (action.kind === 'password-reset' || action.kind === 'totp-reset') {
      reset.mutate(
        { id: action.member.id, email: action.member.email, what: action.kind },
        {
          onSuccess: done(
            action.kind === 'password-reset'
              ? `Password reset for ${name}: their old password no longer works`
              : `Authenticator reset for ${name}: they set up a new one at their next sign-in`,
          ),
        },
      );
      return;
    }
    const body =
      action.kind === 'role'
        ? { role: action.role }
        : ({ status: action.kind === 'disable' ? 'disabled' : 'active' } as const);
    const said =
      action.kind === 'role'
        ? `${name} is now ${ROLE_LABELS[action.role]}`
        : `${name} is ${action.kind === 'disable' ? 'disabled' : 'enabled'}`;
    change.mutate(
      { id: action.member.id, email: action.member.email, change: body },
      { onSuccess: done(said) },
    );
  };

  // The dialog keeps its words while it closes: the last action asked for.
  const lastAsked = useRef<Pending | null>(null);
  if (asked) lastAsked.current = asked;
  const shown = asked ?? lastAsked.current;
  const shownWaits = shown ? waits(shown) : false;
  const dialog = shown ? described(shown, shownWaits) : null;

  return (
    <Stack>
      <Title order={1}>Team</Title>
      <Text c="dimmed">
        Each member signs in as themself. A role change or a disable ends the member&apos;s sessions at once.
        {admins >= 2
          ? ' With two admins, a change that makes an approver or an admin, resets another member’s credentials, or removes an admin waits for the other admin to confirm it.'
          : ' You are the only admin: your changes apply at once. No one moves money alone, you included: an approver whose one-time link was shown to you does not approve your payments, nor you theirs.'}
      </Text>
      {mailNeeded ? (
        <Notice tone="warning" title="Mail is not set up">
          <Text size="sm">
            With two admins, invitation and password-reset links go only by mail to their member, never to an
            admin: until mail is set up on the console server (SMTP_URL), inviting a member and resetting a
            password are refused.
          </Text>
        </Notice>
      ) : (
        members.data?.mail === false && (
          <Text size="sm" c="dimmed">
            Mail is not set up on this console: while you are the only admin, one-time links are shown to you,
            to hand over yourself. Set up mail before a second admin joins: from then on links go only by
            mail.
          </Text>
        )
      )}
      {outcome && (
        <ChangeOutcome what={outcome.what} change={outcome.change} onDone={() => setOutcome(null)} />
      )}
      <InviteMemberForm
        mailNeeded={mailNeeded}
        onInvited={(email, result) => setOutcome({ what: `Invitation for ${email}`, change: result })}
      />
      <PasswordRuleForm
        admins={rows.filter((m) => m.role === 'admin' && m.status === 'active')}
        onAsked={(result) => setOutcome({ what: 'The change of passwords', change: result })}
      />
      {members.isError && <ApiErrorAlert error={members.error} />}
      {members.isPending && <Skeleton height={160} />}
      {members.data && (
        <DataTable
          label="Members"
          rows={rows}
          rowKey={(member) => member.id}
          minWidth={960}
          columns={[
            { header: 'Name', cell: (member) => `${member.name}${member.id === me ? ' (you)' : ''}` },
            { header: 'Email', cell: (member) => member.email },
            {
              header: 'Role',
              cell: (member) => (
                <Select
                  aria-label={`Role of ${member.name}`}
                  data={ROLE_OPTIONS}
                  value={member.role}
                  allowDeselect={false}
                  disabled={busy}
                  onChange={(role) => {
                    if (isRole(role) && role !== member.role) ask({ kind: 'role', member, role });
                  }}
                  w={140}
                />
              ),
            },
            { header: 'Status', cell: (member) => STATUS_LABELS[member.status] },
            {
              header: 'Last seen',
              cell: (member) => (member.last_seen_at ? formatDateTime(member.last_seen_at) : 'Never'),
            },
            {
              header: <VisuallyHidden>Actions</VisuallyHidden>,
              cell: (member) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${member.status === 'disabled' ? 'Enable' : 'Disable'} ${member.name}`}
                    disabled={busy}
                    onClick={() => ask({ kind: member.status === 'disabled' ? 'enable' : 'disable', member })}
                  >
                    {member.status === 'disabled' ? 'Enable' : 'Disable'}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Reset password of ${member.name}`}
                    disabled={busy || member.status === 'disabled'}
                    onClick={() => ask({ kind: 'password-reset', member })}
                  >
                    Reset password
                  </Button>
                  {member.totp_enrolled && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Reset authenticator of ${member.name}`}
                      disabled={busy}
                      onClick={() => ask({ kind: 'totp-reset', member })}
                    >
                      Reset authenticator
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.button ?? ''}
        danger={shown?.kind === 'disable'}
        pending={busy}
        onCancel={() => ask(null)}
        onConfirm={() => asked && confirm(asked)}
      >
        <Stack gap="xs">
          {refusal && (
            <ApiErrorAlert
              error={refusal}
              title={shown?.kind === 'password-reset' ? 'The reset was refused' : 'The change was refused'}
            />
          )}
          {shown?.kind === 'password-reset' && mailNeeded && (
            <Text size="sm" fw={600}>
              Mail is not set up: with two admins, a password reset is refused until it is.
            </Text>
          )}
          {shownWaits && (
            <Text size="sm" fw={600}>
              This waits for another admin’s confirmation before it applies.
            </Text>
          )}
          <Text size="sm">{dialog?.consequence}</Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}

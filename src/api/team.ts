import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../lib/roles';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { linkDeliverySchema, teamRequestSchema } from './approvals';
import { request } from './client';
import { memberSchema } from './team-session';

export function listMembers() {
  return request({
    method: 'GET',
    path: '/api/team/members',
    // `mail`: whether one-time links go to their members by mail (SMTP is set up on the server).
    response: z.object({ data: z.array(memberSchema), mail: z.boolean().optional() }),
  });
}

/**
 * What a change of the team did: applied (the member as they are now, and a one-time link's delivery), or waiting
 * for another admin's confirmation (a grant of power where the organization has two admins).
 */
export const teamChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('applied'),
    member: memberSchema.optional(),
    link: linkDeliverySchema.optional(),
  }),
  z.object({ kind: z.literal('waiting'), request: teamRequestSchema }),
]);
export type TeamChange = z.infer<typeof teamChangeSchema>;

export function inviteMember(body: { email: string; name: string; role: Role }) {
  return request({ method: 'POST', path: '/api/team/members', body, response: teamChangeSchema });
}

export function changeMember(id: string, body: { role?: Role; status?: 'active' | 'disabled' }) {
  return request({
    method: 'PATCH',
    path: `/api/team/members/${encodeURIComponent(id)}`,
    body,
    response: teamChangeSchema,
  });
}

export function resetMember(id: string, what: 'password-reset' | 'totp-reset') {
  return request({
    method: 'POST',
    path: `/api/team/members/${encodeURIComponent(id)}/${what}`,
    response: teamChangeSchema,
  });
}

const invitationSchema = z.object({
  purpose: z.enum(['invite', 'reset', 'first-admin']),
  organization: z.object({ name: z.string() }),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export function getInvitation(token: string) {
  return request({
    method: 'GET',
    path: `/api/team/invitations/${encodeURIComponent(token)}`,
    response: invitationSchema,
    anonymous: true,
  });
}

export function acceptInvitation(token: string, body: { password: string; email?: string; name?: string }) {
  return request({
    method: 'POST',
    path: `/api/team/invitations/${encodeURIComponent(token)}`,
    body,
    response: z.object({ email: z.string() }),
    anonymous: true,
  });
}

export const auditRowSchema = z.object({
  seq: z.number(),
  at: z.string(),
  member_id: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  targets: z.string(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  status: z.number(),
  request_id: z.string().nullable(),
  client_address: z.string().nullable(),
  detail: z.string().nullable().optional(),
  amount_cents: z.number().nullable().optional(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export interface AuditQuery {
  member?: string | undefined;
  action?: string | undefined;
  outcome?: 'ok' | 'refused' | 'failed' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function listAudit(query: AuditQuery) {
  return request({
    method: 'GET',
    path: '/api/team/audit',
    query: { ...query, limit: 500 },
    response: z.object({ data: z.array(auditRowSchema) }),
  });
}

/** The same rows as CSV (up to 10,000), for a spreadsheet. */
export function downloadAuditCsv(query: AuditQuery) {
  return request({
    method: 'GET',
    path: '/api/team/audit',
    query: { ...query, limit: 10_000, format: 'csv' },
    response: z.string(),
  });
}

/** What the console server found of the whole trail when it started: verified, or where it breaks. */
const auditHealthSchema = z.object({
  checked: z.boolean(),
  ok: z.boolean().optional(),
  rows: z.number().optional(),
  checked_at: z.string().optional(),
  head: z.string().optional(),
  head_file: z.string().nullable().optional(),
  broken_at: z.number().optional(),
  why: z.string().optional(),
  reseal: z.string().optional(),
});
export type AuditHealth = z.infer<typeof auditHealthSchema>;

export function getAuditHealth() {
  return request({ method: 'GET', path: '/api/team/audit/health', response: auditHealthSchema });
}

export const teamQueries = {
  members: () => queryOptions({ queryKey: ['team', 'members'], queryFn: listMembers }),
  auditHealth: () => queryOptions({ queryKey: ['team', 'audit-health'], queryFn: getAuditHealth }),
  audit: (query: AuditQuery) =>
    queryOptions({ queryKey: ['team', 'audit', query], queryFn: () => listAudit(query) }),
};

/** The Team page's changes, each a line of this tab's activity (the server's audit trail has them too). */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: inviteMember,
    activity: ({ email, role }) => ({ action: 'Member invited', subject: email, details: role }),
    // A change that waits for another admin is followed from the approvals' reads (its outcome is told).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]),
  });
}

export function useChangeMember() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: ({
      id,
      change,
    }: {
      id: string;
      email: string;
      change: { role?: Role; status?: 'active' | 'disabled' };
    }) => changeMember(id, change),
    activity: ({ email, change }) => ({
      action: change.role
        ? 'Member role changed'
        : change.status === 'disabled'
          ? 'Member disabled'
          : 'Member enabled',
      subject: email,
      details: change.role ?? change.status ?? '',
    }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]),
  });
}

export function useResetMember() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: ({ id, what }: { id: string; email: string; what: 'password-reset' | 'totp-reset' }) =>
      resetMember(id, what),
    activity: ({ email, what }) => ({
      action: what === 'password-reset' ? 'Member password reset' : 'Member authenticator reset',
      subject: email,
      details: '',
    }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]),
  });
}

/** Whether members may sign in with a password, or only through the company's provider but one break-glass admin. */
export const passwordRuleSchema = z.object({
  passwords: z.enum(['on', 'off']),
  break_glass: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  sso_configured: z.boolean(),
  provider_name: z.string().nullable(),
  changed_at: z.string().nullable(),
});
export type PasswordRule = z.infer<typeof passwordRuleSchema>;

export function getPasswordRule() {
  return request({ method: 'GET', path: '/api/team/password-rule', response: passwordRuleSchema });
}

/** Always a team request: another admin confirms it. */
export function askPasswordRule(
  body: { passwords: 'off'; break_glass_member_id: string } | { passwords: 'on' },
) {
  return request({ method: 'PUT', path: '/api/team/password-rule', body, response: teamChangeSchema });
}

export const passwordRuleQuery = () =>
  queryOptions({ queryKey: ['team', 'password-rule'], queryFn: getPasswordRule });

export function useAskPasswordRule() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: askPasswordRule,
    activity: (body) => ({
      action: body.passwords === 'off' ? 'Passwords off asked' : 'Passwords on asked',
      subject: 'Sign-in',
      details: 'passwords' in body ? body.passwords : '',
    }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]),
  });
}

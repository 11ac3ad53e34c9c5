import { ROLES } from '../lib/roles';
import { z } from '../lib/zod';
import { request } from './client';
import type { Credentials } from './credentials';

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['invited', 'active', 'disabled']),
  totp_enrolled: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

const sessionSchema = z.object({
  member: memberSchema,
  organization: z.object({ name: z.string() }),
  must_enroll_totp: z.boolean(),
  batch_secret: z.string().optional(),
});
const signedInSchema = sessionSchema.extend({ member_id: z.string(), secret: z.string() });
export type TeamSession = z.infer<typeof sessionSchema>;

export interface MemberSignIn {
  email: string;
  password: string;
  totp?: string | undefined;
}

function credentialsOf(answer: z.infer<typeof signedInSchema>) {
  const { member_id, secret, ...session } = answer;
  const { id, email, name, role } = session.member;
  return {
    credentials: {
      clientId: member_id,
      apiKey: secret,
      member: { id, email, name, role },
      batchSecret: session.batch_secret,
      mustEnrollTotp: session.must_enroll_totp || undefined,
    } satisfies Credentials,
    session,
  };
}

/** POST /team/sessions: the member's own credentials for this tab (Basic member_id:secret), and who they are. */
export async function signInMember(
  given: MemberSignIn,
): Promise<{ credentials: Credentials; session: TeamSession }> {
  const answer = await request({
    method: 'POST',
    path: '/api/team/sessions',
    body: given,
    response: signedInSchema,
    anonymous: true,
  });
  return credentialsOf(answer);
}

/**
 * POST /team/sso/handoff: the one-time code the identity provider's return left in this page's address, exchanged
 * (with the cookie of the browser that started) for the member's own credentials, as a password sign-in gives them.
 */
export async function finishProviderSignIn(
  code: string,
  totp?: string,
): Promise<{ credentials: Credentials; session: TeamSession }> {
  const answer = await request({
    method: 'POST',
    path: '/api/team/sso/handoff',
    body: { code, ...(totp ? { totp } : {}) },
    response: signedInSchema,
    anonymous: true,
    signInCookie: true,
  });
  return credentialsOf(answer);
}

/** Ends the session on the server too, so that its secret is worthless even if it was copied. */
export function signOutMember(credentials: Credentials) {
  return request({ method: 'DELETE', path: '/api/team/session', response: z.unknown(), credentials });
}

/** The server makes the secret (and keeps it until a code confirms it). */
export function startTotpEnrollment() {
  return request({
    method: 'POST',
    path: '/api/team/totp',
    body: {},
    response: z.object({ secret: z.string(), uri: z.string() }),
  });
}

export function confirmTotpEnrollment(body: { code: string }) {
  return request({
    method: 'POST',
    path: '/api/team/totp/confirm',
    body,
    response: z.object({ totp_enrolled: z.boolean() }),
  });
}

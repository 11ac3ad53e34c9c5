import type { Context } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../node/error-body';
import type { ConsoleDb } from './database';
import { invalidRequest, readBody } from './http';
import { findMemberByEmail, normalEmail } from './members';
import { hashPassword, newMemberId, sha256Hex } from './secrets';
import type { Team } from './team';

async function liveInvitation(db: ConsoleDb, token: string, now: Date) {
  if (token.length > 100) return undefined;
  const row = await db
    .selectFrom('invitations')
    .leftJoin('members', 'members.id', 'invitations.member_id')
    .innerJoin('organizations', 'organizations.id', 'invitations.org_id')
    .select([
      'invitations.token_hash',
      'invitations.purpose',
      'invitations.expires_at',
      'invitations.used_at',
      'invitations.org_id',
      'invitations.member_id',
      'members.email',
      'members.name',
      'members.role',
      'members.status',
      'organizations.name as org_name',
    ])
    .where('invitations.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString() || row.status === 'disabled')
    return undefined;
  return row;
}

/** What a one-time link is for (the page that opens it says so), or null when it is used, expired or unknown. */
export async function invitationInfo(db: ConsoleDb, token: string, now: Date) {
  const row = await liveInvitation(db, token, now);
  if (!row) return null;
  return {
    purpose: row.purpose,
    organization: { name: row.org_name },
    email: row.email,
    name: row.name,
    role: row.role ?? 'admin',
    expires_at: row.expires_at,
  };
}

const password = z.string().min(12, 'At least 12 characters').max(200, 'At most 200 characters');
const acceptBody = z
  .object({
    password,
    email: z.string().trim().max(320).pipe(z.email('Enter an email address')).optional(),
    name: z.string().trim().min(1, 'Enter your name').max(120).optional(),
  })
  .strict();

/**
 * Uses a one-time link: an invited member sets their password, a reset member a new one, or the first admin of an
 * upstream organization names themself. The link is spent in the same transaction, so a second use finds it gone.
 */
export async function acceptInvitation(team: Team, c: Context): Promise<Response> {
  const db = team.database.db;
  const now = team.now();
  const body = await readBody(c, acceptBody);
  if (body instanceof Response) return body;
  const invitation = await liveInvitation(db, c.req.param('token') ?? '', now);
  if (!invitation)
    return c.json(errorBody('invitation-not-found', 'This link is not valid or has expired'), 404);
  if (invitation.purpose === 'first-admin' && (!body.email || !body.name)) {
    const errors = [
      ...(body.email ? [] : [{ path: 'email', message: 'Enter your email' }]),
      ...(body.name ? [] : [{ path: 'name', message: 'Enter your name' }]),
    ];
    return invalidRequest(c, errors);
  }
  if (invitation.purpose === 'first-admin' && (await findMemberByEmail(db, body.email ?? ''))) {
    return invalidRequest(c, [{ path: 'email', message: 'A member already has this email' }], 409);
  }
  const hashed = await hashPassword(body.password);
  const memberId = await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('invitations')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', invitation.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return null;
    if (invitation.member_id) {
      await trx
        .updateTable('members')
        .set({ password_hash: hashed, status: 'active', ...(body.name ? { name: body.name } : {}) })
        .where('id', '=', invitation.member_id)
        .execute();
      return invitation.member_id;
    }
    const id = newMemberId();
    await trx
      .insertInto('members')
      .values({
        id,
        org_id: invitation.org_id,
        email: normalEmail(body.email ?? ''),
        name: body.name ?? '',
        role: 'admin',
        status: 'active',
        password_hash: hashed,
        totp_secret: null,
        created_at: now.toISOString(),
        last_seen_at: null,
      })
      .execute();
    return id;
  });
  if (!memberId)
    return c.json(errorBody('invitation-not-found', 'This link is not valid or has expired'), 404);
  const member = await db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  await team.audit({
    orgId: member.org_id,
    memberId: member.id,
    email: member.email,
    role: member.role,
    action: invitation.purpose === 'reset' ? 'member.password.set' : 'member.join',
    targets: [member.id],
    outcome: 'ok',
    status: 200,
    requestId: c.req.header('x-request-id') ?? null,
    clientAddress: null,
  });
  return c.json({ email: member.email });
}

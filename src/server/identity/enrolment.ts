import * as memberRows from '../db/repositories/team/members';
import { invalidFields, Refusal } from '../errors';
import type { Team } from '../team';
import { passwordMatches } from './secrets';
import type { SessionMember } from './sign-in';
import { newTotpSecret, totpMatches, totpUri } from './totp';

/** Setting up a member's authenticator: the server makes the secret, and the member confirms it with a code. */

/**
 * Starts an enrolment: a new secret, pending until a code confirms it. Replacing an authenticator takes the one in
 * use, or the password: a session left open is not enough.
 */
export async function startEnrolment(
  team: Team,
  me: SessionMember['member'],
  proof: { code?: string | undefined; password?: string | undefined },
): Promise<{ secret: string; uri: string } | Refusal> {
  if (me.totp_secret) {
    const byCode = proof.code !== undefined && totpMatches(me.totp_secret, proof.code, team.now().getTime());
    const byPassword =
      !byCode && proof.password !== undefined && (await passwordMatches(me.password_hash, proof.password));
    if (!byCode && !byPassword) {
      return new Refusal(
        403,
        'reauthentication-required',
        'Enter the code of your current authenticator, or your password',
        {
          errors: [
            {
              path: proof.password !== undefined ? 'password' : 'code',
              message: 'Enter your current code or your password',
            },
          ],
        },
      );
    }
  }
  // The server makes the secret: a member cannot choose a weak or shared one.
  const secret = newTotpSecret();
  await memberRows.updateMember(team.database.db, me.id, { totp_pending_secret: secret });
  return { secret, uri: totpUri(secret, me.email) };
}

/** Confirms the pending secret with a code from the authenticator: from then on, sign-ins ask for one. */
export async function confirmEnrolment(
  team: Team,
  me: SessionMember['member'],
  code: string,
): Promise<{ totp_enrolled: true } | Refusal> {
  const db = team.database.db;
  const pending = await memberRows.pendingTotpSecret(db, me.id);
  if (!pending) return new Refusal(409, 'no-enrolment', 'Start setting up an authenticator first');
  if (!totpMatches(pending, code, team.now().getTime())) {
    return invalidFields([{ path: 'code', message: 'That code is wrong or has expired' }]);
  }
  // A new authenticator's codes are new: the last step taken was of the one it replaces.
  await memberRows.updateMember(db, me.id, {
    totp_secret: pending,
    totp_pending_secret: null,
    totp_last_step: null,
  });
  return { totp_enrolled: true };
}

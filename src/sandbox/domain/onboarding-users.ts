import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CreateUser, SubmitCompliance, UpdateUser } from '../../lib/requests/users';
import { tinDigits } from '../../lib/tin';
import type { Db } from '../store/db';
import {
  findUserProfile,
  findUserProfileById,
  markUserDeleted,
  pendingTransfersOf,
  setUserProfile,
  setVerification,
  type UserProfileRow,
  usersHolding,
} from '../store/onboarding';
import { insertUser } from '../store/tenants';
import type { Caller, HelperCaller } from './auth';
import { DomainError, found } from './errors';
import { payoutMethodsOf } from './payout-method';
import { userView } from './user-view';

/** Five wrong codes lock verification (docs/sandbox.md, "Onboarding"). */
export const VERIFICATION_ATTEMPTS = 5;
/** A code is good for 10 minutes after it is sent, as an SMS code usually is. */
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** Creates a user; an email or a phone another user of the organization holds is refused (409, at the field). */
export function createUser({ db, tenant, nowMs }: Caller, body: CreateUser) {
  return db.transaction(() => {
    const taken = usersHolding(db, tenant.orgId, body.email, body.country_code, body.phone_number);
    const errors = [
      ...(taken.email ? [{ path: 'email', message: 'Another user has this email address' }] : []),
      ...(taken.phone ? [{ path: 'phone_number', message: 'Another user has this phone number' }] : []),
    ];
    if (errors.length > 0) {
      throw new DomainError(
        'conflict',
        'user-exists',
        'A user with this email or phone number exists',
        errors,
      );
    }
    const id = randomUUID();
    insertUser(db, {
      id,
      org_id: tenant.orgId,
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      country_code: body.country_code,
      phone_number: body.phone_number,
      status: 'unverified',
      created: new Date(nowMs).toISOString(),
    });
    setUserProfile(db, id, {
      date_of_birth: body.date_of_birth ?? null,
      metadata: json(body.metadata) ?? null,
      adjustment_1099: json(body['1099_adjustment']) ?? null,
      exclude_list: json(body.payout_options_exclude_list) ?? null,
    });
    return userView(db, found(findUserProfile(db, tenant.orgId, id)));
  })();
}

/** Updates what the document lets change; a default payout method must be one the user has. */
export function updateUser({ db, tenant }: Caller, userId: string, body: UpdateUser) {
  return db.transaction(() => {
    const user = found(findUserProfile(db, tenant.orgId, userId));
    let defaultMethodId: string | undefined;
    if (body.default_payout_method !== undefined) {
      const method = payoutMethodsOf(db, user).find((m) => m.platform === body.default_payout_method);
      if (!method) {
        throw new DomainError(
          'invalid',
          'payout-method-not-configured',
          'The user has no payout method of this kind',
          [
            {
              path: 'default_payout_method',
              message: `The user has no ${body.default_payout_method} method`,
            },
          ],
        );
      }
      defaultMethodId = method.id;
    }
    const contact = contactChange(db, tenant.orgId, user, body);
    setUserProfile(db, user.id, {
      ...contact,
      ...(defaultMethodId ? { default_method_id: defaultMethodId } : {}),
      ...(body.auto_payout_enabled !== undefined ? { auto_payout: body.auto_payout_enabled ? 1 : 0 } : {}),
      ...(body.date_of_birth !== undefined ? { date_of_birth: body.date_of_birth } : {}),
      ...(body['1099_adjustment'] !== undefined ? { adjustment_1099: json(body['1099_adjustment']) } : {}),
      ...(body.metadata !== undefined ? { metadata: json(body.metadata) } : {}),
      ...(body.payout_options_exclude_list !== undefined
        ? { exclude_list: json(body.payout_options_exclude_list) }
        : {}),
    });
    return userView(db, found(findUserProfile(db, tenant.orgId, user.id)));
  })();
}

/**
 * A change of the user's contact details (an extension): an email or phone another user holds is refused as at
 * creation; a new phone number is unverified until its code is entered.
 */
function contactChange(
  db: Caller['db'],
  orgId: string,
  user: NonNullable<ReturnType<typeof findUserProfile>>,
  body: UpdateUser,
) {
  const email = body.email ?? user.email;
  const countryCode = body.country_code ?? user.country_code;
  const phone = body.phone_number ?? user.phone_number ?? '';
  if (body.email !== undefined || body.phone_number !== undefined) {
    const taken = usersHolding(db, orgId, email, countryCode ?? '', phone, user.id);
    const errors = [
      ...(taken.email && body.email !== undefined
        ? [{ path: 'email', message: 'Another user has this email address' }]
        : []),
      ...(taken.phone && body.phone_number !== undefined
        ? [{ path: 'phone_number', message: 'Another user has this phone number' }]
        : []),
    ];
    if (errors.length > 0) {
      throw new DomainError(
        'conflict',
        'user-exists',
        'A user with this email or phone number exists',
        errors,
      );
    }
  }
  const phoneChanged =
    body.phone_number !== undefined &&
    (body.phone_number !== user.phone_number || body.country_code !== user.country_code);
  return {
    ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
    ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(phoneChanged
      ? { country_code: body.country_code, phone_number: body.phone_number, status: 'unverified' }
      : {}),
  };
}

/** Deletes a user, refused while money is on its way to them or waits in their wallet (Stripe's rule for accounts). */
export function deleteUser({ db, tenant, nowMs }: Caller, userId: string) {
  return db.transaction(() => {
    const user = found(findUserProfile(db, tenant.orgId, userId));
    if (pendingTransfersOf(db, user.id) > 0) {
      throw new DomainError(
        'conflict',
        'user-has-pending-transfers',
        'The user has transfers on their way; wait for them to settle',
      );
    }
    if ((user.wallet ?? 0) > 0) {
      throw new DomainError(
        'conflict',
        'user-wallet-not-empty',
        'The user has money in their wallet; pay it out first',
      );
    }
    const answer = userView(db, user);
    markUserDeleted(db, user.id, nowMs);
    return answer;
  })();
}

/**
 * A tax form, kept without its TIN: the last four digits only. The TIN's shape was checked by the request's schema
 * (lib/tin.ts); nothing of it is answered. A W-9 is "pending" verification against the IRS, as the service's TIN match
 * would be.
 */
export function submitTaxForm(db: Db, user: UserProfileRow, body: SubmitCompliance, nowMs: number) {
  const form = body.w9
    ? {
        kind: 'w9' as const,
        entity_type: body.w9.entity_type,
        business_name: body.w9.business_name ?? null,
        name: [body.w9.first_name, body.w9.last_name].filter(Boolean).join(' ') || null,
        tin_last4: tinDigits(body.w9.tin).slice(-4),
        date_of_birth: body.w9.date_of_birth,
        address: body.w9.address,
        submitted: new Date(nowMs).toISOString(),
      }
    : {
        kind: 'w8ben' as const,
        name: body.w8ben?.name ?? null,
        citizenship_country: body.w8ben?.citizenship_country ?? null,
        foreign_tax_id_last4: body.w8ben?.foreign_tax_id?.slice(-4) ?? null,
        date_of_birth: body.w8ben?.date_of_birth ?? null,
        submitted: new Date(nowMs).toISOString(),
      };
  setUserProfile(db, user.id, {
    tax_form: JSON.stringify(form),
    date_of_birth: form.date_of_birth ?? user.date_of_birth,
  });
}

export function submitCompliance({ db, tenant, nowMs }: Caller, userId: string, body: SubmitCompliance) {
  return db.transaction(() => {
    const user = found(findUserProfile(db, tenant.orgId, userId));
    submitTaxForm(db, user, body, nowMs);
    return {};
  })();
}

/** Sends a new 6-digit code (by SMS or voice, as the caller asks): the sandbox keeps it for its test helper only. */
export function sendVerificationCode({ db, tenant, nowMs }: Caller, userId: string, lockMs: number) {
  return db.transaction(() => {
    const user = found(findUserProfile(db, tenant.orgId, userId));
    if (!user.phone_number) {
      throw new DomainError('invalid', 'no-phone-number', 'The user has no phone number to send a code to');
    }
    refuseWhileLocked(user, nowMs, lockMs);
    setVerification(db, user.id, {
      verification_code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      verification_sent_ms: nowMs,
      verification_failures: user.verification_failures,
      verification_locked_until_ms: user.verification_locked_until_ms,
    });
  })();
}

function refuseWhileLocked(user: UserProfileRow, nowMs: number, _lockMs: number): void {
  const until = user.verification_locked_until_ms;
  if (until !== null && until > nowMs) {
    const seconds = Math.ceil((until - nowMs) / 1000);
    throw new DomainError(
      'too-many-attempts',
      'verification-locked',
      `Too many wrong codes; verification is locked for ${Math.ceil(seconds / 60)} more minute(s)`,
      [],
      seconds,
    );
  }
}

/** Checks a code: right, the user is verified; wrong, one of five attempts is spent; the fifth locks verification. */
export function verifyUser(db: Db, user: UserProfileRow, token: string, nowMs: number, lockMs: number): void {
  refuseWhileLocked(user, nowMs, lockMs);
  const code = user.verification_code;
  // No code to guess against (none sent yet, or the last one used): nothing is spent, the caller is told to send one.
  // The vendor's document says nothing of this case; Stripe and Twilio Verify likewise refuse a check with no pending
  // verification without counting it.
  if (code === null) {
    throw new DomainError('invalid', 'no-token-sent', 'No code was sent yet: send one first', [
      { path: 'token', message: 'No code was sent yet: send one first' },
    ]);
  }
  const fresh = code !== null && (user.verification_sent_ms ?? 0) + VERIFICATION_CODE_TTL_MS > nowMs;
  const right =
    fresh && code.length === token.length && timingSafeEqual(Buffer.from(code), Buffer.from(token));
  if (right) {
    setVerification(db, user.id, {
      verification_code: null,
      verification_sent_ms: null,
      verification_failures: 0,
      verification_locked_until_ms: null,
    });
    if (user.status === 'unverified') setUserProfile(db, user.id, { status: 'verified' });
    return;
  }
  const failures = user.verification_failures + 1;
  const locked = failures >= VERIFICATION_ATTEMPTS;
  setVerification(db, user.id, {
    verification_code: locked ? null : code,
    verification_sent_ms: locked ? null : user.verification_sent_ms,
    verification_failures: locked ? 0 : failures,
    verification_locked_until_ms: locked ? nowMs + lockMs : null,
  });
  if (locked) {
    throw new DomainError(
      'too-many-attempts',
      'verification-locked',
      `Too many wrong codes; verification is locked for ${Math.ceil(lockMs / 60_000)} minute(s)`,
      [],
      Math.ceil(lockMs / 1000),
    );
  }
  throw new DomainError(
    'invalid',
    fresh ? 'incorrect-token' : 'token-expired',
    fresh ? 'Incorrect code' : 'No code is waiting; send a new one',
    [
      {
        path: 'token',
        message: `${fresh ? 'This is not the code sent' : 'This code is no longer valid'}; ${VERIFICATION_ATTEMPTS - failures} attempt(s) left`,
      },
    ],
  );
}

export function verifyUserByCode(
  { db, tenant, nowMs }: Caller,
  userId: string,
  token: string,
  lockMs: number,
) {
  // Not one transaction with the refusal: a wrong code's count must stay written when the answer is an error.
  const user = found(findUserProfile(db, tenant.orgId, userId));
  verifyUser(db, user, token, nowMs, lockMs);
  return {};
}

/** A sandbox helper: the code the user was sent, as their phone would show it (never an answer of /v2). */
export function currentVerificationCode({ db, nowMs }: HelperCaller, userId: string) {
  const user = findUserProfileById(db, userId);
  if (!user) throw new DomainError('not-found', 'user-not-found', 'No user has this id');
  const live = user.verification_code && (user.verification_sent_ms ?? 0) + VERIFICATION_CODE_TTL_MS > nowMs;
  if (!live) throw new DomainError('not-found', 'no-code-sent', 'No code is waiting for this user');
  return { user_id: user.id, code: user.verification_code };
}

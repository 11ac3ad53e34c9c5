import { Secret, TOTP } from 'otpauth';

function totpOf(secret: string, label = 'member'): TOTP {
  return new TOTP({
    issuer: 'Payout Console',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (as a QR code or typed). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** A code of the current 30 s step or the one either side (clock drift of a phone). */
export function totpMatches(secret: string, code: string, now = Date.now()): boolean {
  return totpStep(secret, code, now) !== null;
}

/** The 30 s time step a code belongs to (steps since the epoch), or null when it matches none near `now`. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const delta = totpOf(secret).validate({ token: code.trim(), timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

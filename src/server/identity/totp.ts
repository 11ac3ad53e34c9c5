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
  if (!/^\d{6}$/.test(code.trim())) return false;
  return totpOf(secret).validate({ token: code.trim(), timestamp: now, window: 1 }) !== null;
}

export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

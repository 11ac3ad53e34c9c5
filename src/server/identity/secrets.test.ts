import { describe, expect, it, vi } from 'vitest';
import { hashPassword, passwordMatches } from './secrets';

// The other tests hash at the lowest cost (src/server/test/password-cost.ts); this one checks what production does.
vi.unmock('@node-rs/argon2');

describe('a member’s password', () => {
  it('is stored as argon2id at the OWASP minimum (19 MiB, two passes), and only the same password matches it', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordMatches(stored, 'correct horse battery staple')).toBe(true);
    expect(await passwordMatches(stored, 'correct horse battery stapler')).toBe(false);
    expect(await passwordMatches(null, 'correct horse battery staple')).toBe(false);
  });
});

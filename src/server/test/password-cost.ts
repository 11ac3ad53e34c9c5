import { vi } from 'vitest';

/**
 * The tests make a team (four members, each with a password) hundreds of times and sign its members in: at argon2's
 * production cost (19 MiB, two passes) that was about a quarter of a team test's CPU. Here a password is hashed at the
 * lowest cost argon2 accepts; a check reads the cost from the stored hash, so it follows. Production's cost is tested
 * once, with the library itself: src/server/identity/secrets.test.ts.
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) =>
      argon2.hash(password, { ...options, memoryCost: 8, timeCost: 1, parallelism: 1 }),
  };
});

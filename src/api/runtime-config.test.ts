import { describe, expect, it } from 'vitest';
import { runtimeConfig } from '../server/app';
import { serverConfigFromEnv } from '../server/config';
import { parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('reads what the console server serves, in both modes', () => {
    for (const env of [{}, { PAYOUT_API_URL: 'https://api.dots.dev' }]) {
      const served = JSON.parse(JSON.stringify(runtimeConfig(serverConfigFromEnv(env), null)));
      expect(parseRuntimeConfig(served)).toEqual(served);
    }
  });

  it('fills the timeouts of an older server with their defaults', () => {
    expect(parseRuntimeConfig({ mode: 'upstream', production: true })).toMatchObject({
      team: false,
      idle_timeout_ms: 900_000,
      request_timeout_ms: 30_000,
    });
  });

  it.each([
    [null, 'not an object'],
    [[], 'not an object'],
    [{ mode: 'live', production: false }, 'mode'],
    [{ mode: 'sandbox', production: 'no' }, 'production'],
    [{ mode: 'sandbox', production: false, upstream: 3 }, 'upstream'],
    [{ mode: 'sandbox', production: false, demo: { client_id: 'x' } }, 'demo'],
    [
      {
        mode: 'sandbox',
        production: false,
        demo: { members: [{ email: 'a', password: 'b', name: 'c', role: 'owner' }] },
      },
      'demo',
    ],
    [{ mode: 'sandbox', production: false, team: 'yes' }, 'team'],
    [{ mode: 'sandbox', production: false, idle_timeout_ms: 0 }, 'idle_timeout_ms'],
    [{ mode: 'sandbox', production: false, request_timeout_ms: 1.5 }, 'request_timeout_ms'],
  ])('refuses %j', (json, problem) => {
    expect(() => parseRuntimeConfig(json)).toThrow(problem);
  });
});

import { openConsoleDatabase } from '../db/database';
import { totpCode } from '../identity/totp';
import { ensureOrganization, insertMember } from '../members/members';
import { caller, teamConsole } from './console';
import type { Backend } from './databases';
import { sandboxUpstream } from './upstream';

/** The authenticator secret of the members these tests make: each signs in with its code of the moment. */
export const TEST_TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * What tests of console servers that share a database start from: a sandbox tenant behind a real port (the upstream),
 * and two console servers acting for it on one database of the backend (the second with a connection of its own on
 * PostgreSQL), with a finance member and an admin who sign in on either (`<role>@<domain>`, `<role>-password`).
 */
export async function twoConsolesUpstream(backend: Backend, domain: string) {
  const service = await sandboxUpstream();
  const { sandbox, made } = service;
  const shared = await backend.open();
  const second = backend.name === 'postgres' ? await openConsoleDatabase({ url: shared.url }) : shared;
  const { orgCredentials } = service;
  const a = await teamConsole({ upstream: service.url, orgCredentials, database: shared });
  const b = await teamConsole({ upstream: service.url, orgCredentials, database: second });
  const org = await ensureOrganization(shared.db, {
    clientId: made.client_id,
    name: 'O',
    sandboxApiKey: null,
  });
  for (const role of ['finance', 'admin'] as const) {
    await insertMember(shared.db, {
      orgId: org.id,
      email: `${role}@${domain}`,
      name: role,
      role,
      password: `${role}-password`,
      totpSecret: TEST_TOTP,
    });
  }
  /** A member's session, signed in on server `a`: its Authorization header, good on either server. */
  const session = (role: 'finance' | 'admin') =>
    a.signIn({ email: `${role}@${domain}`, password: `${role}-password`, totp: totpCode(TEST_TOTP) });
  return {
    sandbox,
    made,
    shared,
    a,
    b,
    org,
    session,
    as: async (role: 'finance' | 'admin') => caller(a.app, await session(role)),
    async close() {
      await a.close();
      await b.close();
      if (second !== shared) await second.close();
      await shared.close();
      await service.close();
    },
  };
}

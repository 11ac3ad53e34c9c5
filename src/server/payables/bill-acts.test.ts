import { describe, expect, it } from 'vitest';
import { billActsInTrail } from '../db/repositories/team/audit-trail';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * Whether an act on a bill is in the trail is read by its id as one whole target: an id with LIKE's wildcards in it,
 * an id that is a part of another, or an id of no hex digits at all finds its own acts and no other bill's.
 */
describe.each(BACKENDS)('a bill’s acts in the trail, on $name', (backend) => {
  it('are found by the whole id, never by a part of another or a wildcard', async () => {
    const database = await backend.open();
    const server = await teamConsole({ database });
    try {
      const line = (targets: string[]) =>
        server.team.audit({
          orgId: 'org-1',
          memberId: 'mem_1',
          email: null,
          role: 'finance',
          action: 'bill.approve',
          targets,
          outcome: 'ok',
          status: 200,
          requestId: null,
          clientAddress: null,
        });
      await line(['BILL_A']);
      await line(['BILLxA']);
      await line(['ap-user-7', 'bill-12']);
      await line(['bill-123']);
      await line(['zzz-other']);
      const db = server.team.database.db;
      expect(await billActsInTrail(db, 'org-1', 'BILL_A')).toHaveLength(1);
      expect(await billActsInTrail(db, 'org-1', 'bill-12')).toHaveLength(1);
      expect(await billActsInTrail(db, 'org-1', 'bill-123')).toHaveLength(1);
      // Once, an id of no hex digits was stripped to nothing and so read every bill's lines.
      expect(await billActsInTrail(db, 'org-1', 'zzz')).toHaveLength(0);
      expect(await billActsInTrail(db, 'org-1', 'zzz-other')).toHaveLength(1);
    } finally {
      await server.close();
      await database.close();
    }
  });
});

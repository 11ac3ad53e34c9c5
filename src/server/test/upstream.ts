import { createSandbox } from '../../sandbox/app';
import { listen } from '../../sandbox/test/harness';

export interface ApUserOfTheService {
  email: string;
  name: string;
  role: string;
}

/**
 * A sandbox tenant behind a real port, as an upstream service a console forwards to: its credentials, the writes that
 * reached it (method and path, reads left out), and, when given, the organization's AP users by email (upstream no
 * member is matched by email: an admin links them).
 */
export async function sandboxUpstream(apUsers: readonly ApUserOfTheService[] = []) {
  const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
  const writes: string[] = [];
  const upstream = await listen({
    // The Node server's env goes through, so that a fault can drop the connection itself (sandbox/faults.ts).
    fetch: (request: Request, env?: never) => {
      if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
      return sandbox.app.fetch(request, env);
    },
  });
  const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
    client_id: string;
    api_key: string;
    users: { id: string }[];
  };
  if (apUsers.length > 0) {
    const given = await sandbox.app.request(`/sandbox/tenants/${made.client_id}/accounts-payable`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: apUsers }),
    });
    if (given.status !== 200) throw new Error(`The sandbox refused the AP users: ${await given.text()}`);
  }
  return {
    sandbox,
    url: new URL(upstream.url),
    made,
    orgCredentials: { clientId: made.client_id, apiKey: made.api_key },
    writes,
    close: async () => {
      await upstream.close();
      sandbox.close();
    },
  };
}

import type { CreatedTenant } from '../domain/tenant-factory';

/**
 * The contract test's calls for wallet moves and the ledger (src/sandbox/contract.test.ts runs them through the
 * validating proxy): every route of routes/wallets.ts, each answer clean against the vendor's document.
 */

interface Answer {
  method: string;
  path: string;
  status: number;
  violations: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
}

export interface ContractCalls {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  expectClean(answer: Answer, status: number): void;
  expectRefusal(answer: Answer, status: number): void;
}

/**
 * An extension route is not in the vendor's document: Prism lets it through with its one warning, "Selected route not
 * found", and nothing else may be wrong.
 */
function expectExtension(answer: Answer, status: number): void {
  if (answer.status !== status) {
    throw new Error(`${answer.method} ${answer.path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const found = answer.violations ? (JSON.parse(answer.violations) as { message: string }[]) : [];
  const other = found.filter((v) => v.message !== 'Selected route not found');
  if (other.length > 0) throw new Error(`${answer.method} ${answer.path}: ${JSON.stringify(other)}`);
}

export async function driveWalletRoutes(
  { call, expectClean, expectRefusal }: ContractCalls,
  tenant: CreatedTenant,
) {
  const app = tenant.apps[0]?.id;
  const user = tenant.users[0]?.id;
  const account = { account_number: '123456789', routing_number: '021000021', account_type: 'checking' };
  expectClean(await call('PUT', `/v2/apps/${app}/ach-account`, account), 200);
  expectClean(await call('GET', `/v2/apps/${app}/ach-account`), 200);
  expectClean(
    await call('POST', `/v2/apps/${app}/change_settings`, {
      auto_refill_active: false,
      refill_amount: 10_000,
      refill_threshold: 5_000,
    }),
    200,
  );
  expectExtension(await call('GET', `/v2/apps/${app}/settings`), 200);
  expectClean(
    await call('POST', `/v2/apps/${app}/deposit`, { amount: 2_500, idempotency_key: crypto.randomUUID() }),
    200,
  );
  expectClean(
    await call('POST', `/v2/apps/${app}/withdraw`, { amount: 1_000, idempotency_key: crypto.randomUUID() }),
    200,
  );
  const key = crypto.randomUUID();
  const toUser = await call('POST', '/v2/transfers', { amount: -1_500, user_id: user, idempotency_key: key });
  expectClean(toUser, 200);
  expectRefusal(
    await call('POST', '/v2/transfers', { amount: -1_500, user_id: user, idempotency_key: key }),
    409,
  );
  expectClean(await call('POST', '/v2/transfers', { amount: 500, user_id: user }), 200);
  expectRefusal(await call('POST', '/v2/transfers', { amount: 1_000_000, user_id: user }), 400);
  const batch = await call('POST', '/v2/transfer-batches', {
    items: [
      { amount: -100, user_id: user, idempotency_key: crypto.randomUUID() },
      {
        amount: -200,
        user_id: tenant.users[1]?.id,
        idempotency_key: crypto.randomUUID(),
        metadata: { row: '2' },
      },
    ],
    idempotency_key: crypto.randomUUID(),
    metadata: { file: 'moves.csv' },
  });
  expectClean(batch, 200);
  expectClean(await call('GET', '/v2/transfer-batches'), 200);
  expectClean(await call('GET', `/v2/transfer-batches/${batch.body.id}`), 200);
  const moved = await call('POST', '/v2/organization-transfers', { amount: 3_000, api_app_id: app });
  expectClean(moved, 200);
  expectClean(await call('POST', '/v2/organization-transfers', { amount: -1_000, api_app_id: app }), 200);
  expectClean(await call('GET', '/v2/organization-transfers'), 200);
  expectClean(await call('GET', `/v2/organization-transfers/${moved.body.id}`), 200);
  expectExtension(await call('GET', '/v2/wallets'), 200);
  const lines = await call('GET', '/v2/transactions?include_transfer=true');
  expectClean(lines, 200);
  expectClean(await call('GET', '/v2/transactions'), 200);
  expectClean(await call('GET', `/v2/transactions/${lines.body.data[0].id}`), 200);
  expectExtension(await call('GET', '/v2/transactions/totals'), 200);
  expectExtension(await call('GET', `/v2/transactions/totals?wallet_id=${app}`), 200);
}

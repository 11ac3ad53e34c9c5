import { beforeEach, describe, expect, it } from 'vitest';
import { invoicePdf } from './domain/ap-tenant-data';
import type { CreatedTenant } from './domain/tenant-factory';
import { type Answer, makeHarness } from './test/harness';

/** Accounts payable in the sandbox: vendors, bills and their status machine, policies, paying, invoices. */

const h = makeHarness();
const AP = '/v2/accounts-payable';
let tenant: CreatedTenant;
let users: { id: number; email: string; role: string }[];
const id = (role: string) => users.find((u) => u.role === role)?.id as number;

const call = (method: string, path: string, body?: unknown) => h.call(method, path, { tenant, body });
const ok = (answer: Answer, status = 200) => {
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
};
const refused = (answer: Answer, status: number, code: string) => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toMatchObject({ success: false, error_code: code });
};

beforeEach(async () => {
  tenant = await h.tenant();
  const answer = await h.call('PUT', `/sandbox/tenants/${tenant.client_id}/accounts-payable`, {
    body: {
      users: [
        { email: 'fiona@example.com', name: 'Fiona Finance', role: 'ap_creator' },
        { email: 'ada@example.com', name: 'Ada Admin', role: 'admin' },
        { email: 'april@example.com', name: 'April Approver', role: 'ap_approver' },
        { email: 'vera@example.com', name: 'Vera Viewer', role: 'viewer' },
      ],
      // The demo's history: bills that moved money too.
      with_payments: true,
    },
  });
  users = ok(answer).ap_users;
});

async function vendorWithMethod(account = '000123456789') {
  const vendor = ok(
    await call('POST', `${AP}/vendors`, {
      name: 'Acme Hosting',
      contact_email: 'ar@acme.example',
      address: { line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '73301', country: 'US' },
    }),
    201,
  );
  const method = ok(
    await call('POST', `${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'Operating',
      ach_account_number: account,
      ach_routing_number: '021000021',
      ach_account_type: 'checking',
    }),
    201,
  );
  return { vendor, method };
}

async function bill(amount: number, extra: object = {}) {
  const { vendor, method } = await vendorWithMethod();
  return ok(
    await call('POST', `${AP}/payables`, {
      acting_user_id: id('ap_creator'),
      number: `INV-${amount}-${Math.random().toString(36).slice(2, 8)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
      amount,
      funding_source: 'dots_balance',
      ...extra,
    }),
    201,
  );
}

const act = (billId: string, verb: string, who: number, comment?: string) =>
  call('POST', `${AP}/payables/${billId}/${verb}`, { acting_user_id: who, ...(comment ? { comment } : {}) });

describe('accounts payable in the sandbox', () => {
  it('the demo data: vendors with methods, the three tiers, a bill in every status', async () => {
    const all = ok(await call('GET', `${AP}/payables?limit=100`)).data as { status: string }[];
    expect(new Set(all.map((b) => b.status))).toEqual(
      new Set([
        'created',
        'submitted_for_approval',
        'approved',
        'rejected',
        'canceled',
        'payment_initiated',
        'payment_completed',
        'payment_failed',
      ]),
    );
    const policies = ok(await call('GET', `${AP}/approval-policies`));
    expect(policies.map((p: { priority: number }) => p.priority)).toEqual([1, 2]);
    expect(policies[1].approval_conditions).toHaveLength(2);
  });

  it('a vendor payment method answers its last four digits only, and a bad routing number is refused', async () => {
    const { vendor, method } = await vendorWithMethod('000123454821');
    expect(method.mask).toBe('4821');
    expect(JSON.stringify(method)).not.toContain('000123454821');
    const listed = ok(await call('GET', `${AP}/vendors/${vendor.id}/payment-methods`));
    expect(JSON.stringify(listed)).not.toContain('000123454821');
    const bad = await call('POST', `${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'x',
      ach_account_number: '000123454821',
      ach_routing_number: '021000022',
      ach_account_type: 'checking',
    });
    refused(bad, 400, 'validation-failed');
    expect(bad.body.errors[0].path).toBe('ach_routing_number');
  });

  it('a vendor with an unpaid bill is not deleted', async () => {
    const made = await bill(500);
    refused(await call('DELETE', `${AP}/vendors/${made.ap_vendor_id}`), 409, 'vendor-has-open-payables');
    ok(await act(made.id, 'cancel', id('ap_creator')));
    expect(ok(await call('DELETE', `${AP}/vendors/${made.ap_vendor_id}`)).deleted).toBe(true);
  });

  it('items add up to the amount, or the bill is refused', async () => {
    const { vendor, method } = await vendorWithMethod();
    const base = {
      acting_user_id: id('ap_creator'),
      number: 'I-1',
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
    };
    const items = [{ name: 'Hours', quantity: 3, unit_price: 1_000, amount: 3_000 }];
    expect(ok(await call('POST', `${AP}/payables`, { ...base, items }), 201).amount).toBe(3_000);
    refused(
      await call('POST', `${AP}/payables`, { ...base, items, amount: 2_999 }),
      400,
      'validation-failed',
    );
    refused(
      await call('POST', `${AP}/payables`, { ...base, items: [{ ...items[0], amount: 2_000 }] }),
      400,
      'validation-failed',
    );
  });

  it('the status machine: every allowed move, and refused ones leave the bill as it was', async () => {
    const creator = id('ap_creator');
    // created: edit, submit (no policy below $1,000: approved at once), pay, then completed.
    const small = await bill(900);
    refused(await act(small.id, 'pay', creator), 409, 'invalid-status-transition');
    refused(await act(small.id, 'approve', id('admin')), 409, 'invalid-status-transition');
    expect(ok(await call('PATCH', `${AP}/payables/${small.id}`, { description: 'March' })).status).toBe(
      'created',
    );
    const approved = ok(await act(small.id, 'submit-for-approval', creator));
    expect(approved.status).toBe('approved');
    expect(approved.status_history.map((s: { status: string }) => s.status)).toEqual([
      'created',
      'submitted_for_approval',
      'approved',
    ]);
    refused(
      await call('PATCH', `${AP}/payables/${small.id}`, { amount: 901 }),
      409,
      'invalid-status-transition',
    );
    refused(await act(small.id, 'submit-for-approval', creator), 409, 'invalid-status-transition');
    const paying = ok(await act(small.id, 'pay', creator));
    expect(paying.status).toBe('payment_initiated');
    refused(await act(small.id, 'cancel', creator), 409, 'invalid-status-transition');
    refused(await act(small.id, 'pay', creator), 409, 'invalid-status-transition');
    for (const step of ['pending', 'completed'])
      ok(
        await h.call('POST', `/sandbox/transfers/${paying.transfer_id}/advance`, { body: { status: step } }),
      );
    const paid = ok(await call('GET', `${AP}/payables/${small.id}`));
    expect(paid.status).toBe('payment_completed');
    refused(await act(small.id, 'cancel', creator), 409, 'invalid-status-transition');

    // submitted: reject needs a comment; rejected: edit returns it to created; cancel is final.
    const mid = await bill(5_000_00);
    expect(ok(await act(mid.id, 'submit-for-approval', creator)).status).toBe('submitted_for_approval');
    refused(await call('PATCH', `${AP}/payables/${mid.id}`, { amount: 1 }), 409, 'invalid-status-transition');
    refused(await act(mid.id, 'reject', id('admin')), 400, 'validation-failed');
    expect(ok(await act(mid.id, 'reject', id('admin'), 'Wrong month')).status).toBe('rejected');
    refused(await act(mid.id, 'pay', creator), 409, 'invalid-status-transition');
    const again = ok(await call('PATCH', `${AP}/payables/${mid.id}`, { amount: 4_000_00 }));
    expect(again.status).toBe('created');
    expect(again.approval_steps).toEqual([]);
    ok(await act(mid.id, 'submit-for-approval', creator));
    expect(ok(await act(mid.id, 'cancel', creator, 'Duplicate')).status).toBe('canceled');
    for (const verb of ['submit-for-approval', 'approve', 'pay', 'cancel'])
      refused(await act(mid.id, verb, id('admin')), 409, 'invalid-status-transition');
    expect(ok(await call('GET', `${AP}/payables/${mid.id}`)).status).toBe('canceled');
    const history = ok(await call('GET', `${AP}/payables/${mid.id}`)).action_history.map(
      (a: { action: string }) => a.action,
    );
    expect(history).toEqual(['create', 'submit_for_approval', 'reject', 'submit_for_approval', 'cancel']);
  });

  it("approvals: only the open step's approvers, never the creator, never twice; steps in order", async () => {
    const creator = id('ap_creator');
    const big = await bill(20_000_00);
    ok(await act(big.id, 'submit-for-approval', creator));
    refused(await act(big.id, 'approve', id('viewer')), 403, 'acting-user-not-permitted');
    // The creator is an admin here: listed in both steps, but never approves their own bill.
    const own = await bill(20_000_00, { acting_user_id: id('admin') });
    ok(await act(own.id, 'submit-for-approval', id('admin')));
    refused(await act(own.id, 'approve', id('admin')), 403, 'own-payable');
    expect(
      ok(await call('GET', `${AP}/payables/${own.id}`)).approval_steps[0].user_approvals.every(
        (a: { approval_given: boolean }) => !a.approval_given,
      ),
    ).toBe(true);
    // Step 1: an approver; step 2 (admins only) opens when step 1 is complete.
    const first = ok(await act(big.id, 'approve', id('ap_approver'), 'Looks right'));
    expect(first.status).toBe('submitted_for_approval');
    expect(first.approval_steps[0]).toMatchObject({ completed: true, num_approvals_required: 1 });
    expect(first.next_approvers).toEqual([id('admin')]);
    refused(await act(big.id, 'approve', id('ap_approver')), 403, 'not-an-approver');
    const done = ok(await act(big.id, 'approve', id('admin')));
    expect(done.status).toBe('approved');
    refused(await act(big.id, 'approve', id('admin')), 409, 'invalid-status-transition');
    expect(done.approval_steps[0].user_approvals).toContainEqual(
      expect.objectContaining({
        user_id: id('ap_approver'),
        approval_given: true,
        approval_comment: 'Looks right',
      }),
    );
  });

  it('policies by priority: the first whose conditions all hold; moved and deleted; a vendor condition', async () => {
    const { vendor, method } = await vendorWithMethod();
    const vendorPolicy = ok(
      await call('POST', `${AP}/approval-policies`, {
        payable_conditions: [{ type: 'vendor_id', value: vendor.id }],
        approval_conditions: [{ approver_list: [id('ap_approver')], num_approvals_required: 1 }],
      }),
      201,
    );
    expect(vendorPolicy.priority).toBe(3);
    const make = async () =>
      ok(
        await call('POST', `${AP}/payables`, {
          acting_user_id: id('ap_creator'),
          number: `V-${Math.random()}`,
          ap_vendor_id: vendor.id,
          ap_payment_method_id: method.id,
          amount: 5_000_00,
        }),
        201,
      );
    const before = ok(await act((await make()).id, 'submit-for-approval', id('ap_creator')));
    expect(before.approval_policy_id).not.toBe(vendorPolicy.id);
    const moved = ok(await call('PATCH', `${AP}/approval-policies/${vendorPolicy.id}`, { priority: 1 }));
    expect(moved.priority).toBe(1);
    const after = ok(await act((await make()).id, 'submit-for-approval', id('ap_creator')));
    expect(after.approval_policy_id).toBe(vendorPolicy.id);
    expect(after.approval_steps[0].user_approvals.map((a: { user_id: number }) => a.user_id)).toEqual([
      id('ap_approver'),
    ]);
    const all = ok(await call('GET', `${AP}/approval-policies`));
    expect(all.map((p: { priority: number }) => p.priority)).toEqual([1, 2, 3]);
    ok(await call('DELETE', `${AP}/approval-policies/${vendorPolicy.id}`));
    expect(
      ok(await call('GET', `${AP}/approval-policies`)).map((p: { priority: number }) => p.priority),
    ).toEqual([1, 2]);
    refused(
      await call('POST', `${AP}/approval-policies`, {
        payable_conditions: [{ type: 'amount', comparator: '>=', value: 1 }],
        approval_conditions: [{ approver_list: [9999], num_approvals_required: 1 }],
      }),
      400,
      'unknown-approver',
    );
  });

  it('paying: from the wallet, refused when it cannot cover it, twice at once one transfer', async () => {
    const creator = id('ap_creator');
    const made = await bill(700);
    ok(await act(made.id, 'submit-for-approval', creator));
    const [one, two] = await Promise.all([act(made.id, 'pay', creator), act(made.id, 'pay', creator)]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const paid = ok(await call('GET', `${AP}/payables/${made.id}`));
    expect(paid.transfer_history).toHaveLength(1);
    const transfer = ok(await call('GET', `/v2/transfers/${paid.transfer_id}`));
    expect(transfer).toMatchObject({ type: 'payable', amount: 700, status: 'created' });
    // Its wallet line is the vendor's `payout`, marked as the bill's so that the ledger names it a bill payment.
    expect(transfer.transactions).toMatchObject([{ type: 'payout', metadata: { payable_id: made.id } }]);
    const listed = ok(await call('GET', '/v2/transfers?limit=100')).data.map((t: { id: string }) => t.id);
    expect(listed).toContain(paid.transfer_id);

    const huge = await bill(50_000_000_00);
    ok(await act(huge.id, 'submit-for-approval', creator));
    ok(await act(huge.id, 'approve', id('ap_approver')));
    ok(await act(huge.id, 'approve', id('admin')));
    refused(await act(huge.id, 'pay', creator), 400, 'insufficient-funds');
    expect(ok(await call('GET', `${AP}/payables/${huge.id}`))).toMatchObject({
      status: 'approved',
      transfer_history: [],
    });
  });

  it("the ledger's totals count a bill's payment and its return apart from payouts and balance moves", async () => {
    type Row = { type: string; bill: boolean; amount: number; count: number };
    const totals = async () => ok(await call('GET', '/v2/transactions/totals')).totals as Row[];
    const of = (rows: Row[], type: string, bill: boolean) =>
      rows.find((row) => row.type === type && row.bill === bill) ?? { amount: 0, count: 0 };
    const before = await totals();
    const { vendor, method } = await vendorWithMethod('000000000001');
    const made = await bill(700, { ap_vendor_id: vendor.id, ap_payment_method_id: method.id });
    ok(await act(made.id, 'submit-for-approval', id('ap_creator')));
    const paid = ok(await act(made.id, 'pay', id('ap_creator')));
    for (const to of ['pending', 'failed'])
      ok(await h.call('POST', `/sandbox/transfers/${paid.transfer_id}/advance`, { body: { status: to } }));
    const after = await totals();
    const change = (type: string, bill: boolean) => {
      const [was, is] = [of(before, type, bill), of(after, type, bill)];
      return { amount: is.amount - was.amount, count: is.count - was.count };
    };
    expect(change('payout', true)).toEqual({ amount: -700, count: 1 });
    expect(change('balance', true)).toEqual({ amount: 700, count: 1 });
    expect(change('payout', false)).toEqual({ amount: 0, count: 0 });
    expect(change('balance', false)).toEqual({ amount: 0, count: 0 });
    // The lines and their totals filter the same way: `bill=true` keeps a bill's lines only, `bill=false` none of them.
    type Line = { transfer_id: string | null; type: string };
    const lines = async (query: string) =>
      ok(await call('GET', `/v2/transactions?limit=100&${query}`)).data as Line[];
    const billsOwn = (rows: Line[]) => rows.filter((line) => line.transfer_id === paid.transfer_id);
    expect(billsOwn(await lines('type=payout&bill=true'))).toMatchObject([{ type: 'payout' }]);
    expect(billsOwn(await lines('type=payout&bill=false'))).toEqual([]);
    expect(
      billsOwn(await lines('bill=true'))
        .map((line) => line.type)
        .sort(),
    ).toEqual(['balance', 'payout']);
    expect(billsOwn(await lines('bill=false'))).toEqual([]);
    const onlyBills = ok(await call('GET', '/v2/transactions/totals?bill=true')).totals as Row[];
    expect(onlyBills.every((row) => row.bill)).toBe(true);
    const noBills = ok(await call('GET', '/v2/transactions/totals?type=payout&bill=false')).totals as Row[];
    expect(noBills.every((row) => row.type === 'payout' && !row.bill)).toBe(true);
    refused(await call('GET', '/v2/transactions?bill=yes'), 400, 'validation-failed');
  });

  it('a failed payment is not paid again to its method: another method of the vendor sends it back for approval', async () => {
    const creator = id('ap_creator');
    const approver = id('ap_approver');
    ok(
      await call('POST', `${AP}/approval-policies`, {
        payable_conditions: [{ type: 'amount', comparator: '>=', value: 800 }],
        approval_conditions: [{ approver_list: [approver], num_approvals_required: 1 }],
      }),
      201,
    );
    const { vendor, method } = await vendorWithMethod('000000000001');
    const other = ok(
      await call('POST', `${AP}/vendors/${vendor.id}/payment-methods`, {
        name: 'Savings',
        ach_account_number: '000123456789',
        ach_routing_number: '021000021',
        ach_account_type: 'savings',
      }),
      201,
    );
    const failing = ok(
      await call('POST', `${AP}/payables`, {
        acting_user_id: creator,
        number: 'F-1',
        ap_vendor_id: vendor.id,
        ap_payment_method_id: method.id,
        amount: 800,
        funding_source: 'ach',
      }),
      201,
    );
    ok(await act(failing.id, 'submit-for-approval', creator));
    ok(await act(failing.id, 'approve', approver));
    const first = ok(await act(failing.id, 'pay', creator));
    for (const to of ['pending', 'failed'])
      ok(await h.call('POST', `/sandbox/transfers/${first.transfer_id}/advance`, { body: { status: to } }));
    expect(ok(await call('GET', `${AP}/payables/${failing.id}`)).status).toBe('payment_failed');

    refused(await act(failing.id, 'pay', creator), 409, 'payment-method-failed');
    const patch = (body: object) =>
      call('PATCH', `${AP}/payables/${failing.id}`, { acting_user_id: creator, ...body });
    refused(await patch({ ap_payment_method_id: method.id }), 400, 'payment-method-failed');
    refused(await patch({ ap_payment_method_id: other.id, amount: 900 }), 409, 'invalid-status-transition');
    const { method: elsewhere } = await vendorWithMethod('000111222333');
    refused(await patch({ ap_payment_method_id: elsewhere.id }), 400, 'invalid-payable');

    const moved = ok(await patch({ ap_payment_method_id: other.id }));
    expect(moved).toMatchObject({
      status: 'submitted_for_approval',
      ap_payment_method_id: other.id,
      ap_payment_method_mask: '6789',
    });
    expect(moved.approval_steps[0]).toMatchObject({
      completed: false,
      user_approvals: [{ approval_given: false }],
    });
    expect(moved.action_history.map((a: { action: string }) => a.action).slice(-2)).toEqual([
      'change_payment_method',
      'submit_for_approval',
    ]);
    refused(await act(failing.id, 'pay', creator), 409, 'invalid-status-transition');

    ok(await act(failing.id, 'approve', approver));
    const retried = ok(await act(failing.id, 'pay', creator));
    expect(retried.status).toBe('payment_initiated');
    expect(retried.action_history.map((a: { action: string }) => a.action).slice(-1)).toEqual([
      'retry_payment',
    ]);
    expect(retried.transfer_history).toHaveLength(2);
    expect(retried.ap_payment_method_mask).toBe('6789');
  });

  it("paying with a key one of the bill's attempts has answers that attempt again and moves nothing", async () => {
    const creator = id('ap_creator');
    const made = await bill(600);
    ok(await act(made.id, 'submit-for-approval', creator));
    const pay = (key: string) =>
      call('POST', `${AP}/payables/${made.id}/pay`, { acting_user_id: creator, idempotency_key: key });
    const [one, two] = await Promise.all([pay(`${made.id}.1`), pay(`${made.id}.1`)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const replays = [one, two].map((answer) => answer.headers.get('idempotent-replayed'));
    expect(replays.filter((replayed) => replayed === 'true')).toHaveLength(1);
    const paid = ok(await call('GET', `${AP}/payables/${made.id}`));
    expect(paid.transfer_history).toMatchObject([{ idempotency_key: `${made.id}.1` }]);
    expect(one.body.transfer_id).toBe(paid.transfer_id);
    expect(two.body.transfer_id).toBe(paid.transfer_id);
    const transfer = ok(await call('GET', `/v2/transfers/${paid.transfer_id}`));
    expect(transfer.amount).toBe(600);
    // Another key for the same attempt meets the status machine: one transfer still.
    refused(await pay(`${made.id}.other`), 409, 'invalid-status-transition');
  });

  it('an invoice PDF becomes a draft with what its text says; a file that is not a PDF is refused', async () => {
    const { vendor, method } = await vendorWithMethod();
    const pdf = await invoicePdf({
      vendor: 'Acme Hosting',
      number: 'AH-77',
      items: [
        { name: 'Servers', quantity: 2, unit_price: 12_000 },
        { name: 'Support', quantity: 1, unit_price: 5_050 },
      ],
    });
    const upload = async (bytes: Uint8Array, name: string, type = 'application/pdf') => {
      const form = new FormData();
      form.set('acting_user_id', String(id('ap_creator')));
      form.set('file', new File([new Uint8Array(bytes)], name, { type }));
      const response = await h.sandbox.app.request(`${AP}/payables/upload-from-file`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
        },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    };
    const draft = await upload(pdf, 'invoice.pdf');
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({
      status: 'created',
      number: 'AH-77',
      amount: 29_050,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
      items: [
        { name: 'Servers', quantity: 2, unit_price: 12_000, amount: 24_000 },
        { name: 'Support', quantity: 1, unit_price: 5_050, amount: 5_050 },
      ],
    });
    const file = await h.sandbox.app.request(draft.body.file_url, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
      },
    });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    const other = await h.tenant();
    const foreign = await h.call('GET', draft.body.file_url, { tenant: other });
    expect(foreign.status).toBe(403);
    const text = await upload(new TextEncoder().encode('not a pdf'), 'notes.txt', 'text/plain');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({
      error_code: 'invalid-file',
      errors: [{ path: 'file', message: 'Not a PDF file' }],
    });
  });

  it('an unknown acting user, and one from another organization, is refused', async () => {
    const { vendor } = await vendorWithMethod();
    refused(
      await call('POST', `${AP}/payables`, { acting_user_id: 999_999, number: 'X', ap_vendor_id: vendor.id }),
      400,
      'unknown-acting-user',
    );
    refused(
      await call('POST', `${AP}/payables`, { acting_user_id: id('viewer'), number: 'X' }),
      403,
      'acting-user-not-permitted',
    );
  });
});

import { expect } from 'vitest';
import { invoicePdf } from './domain/ap-tenant-data';

/**
 * The contract test's accounts-payable calls (src/sandbox/contract.test.ts runs them through the validating proxy):
 * all 25 operations of `/v2/accounts-payable`, each answer checked against the vendor's document.
 */

interface Call {
  method: string;
  path: string;
  status: number;
  violations: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
}

export interface ContractDriver {
  call(method: string, path: string, body?: unknown): Promise<Call>;
  /** A multipart request through the proxy. */
  upload(path: string, form: FormData): Promise<Call>;
  expectClean(answer: Call, status: number): void;
  expectRefusal(answer: Call, status: number): void;
  /** The tenant's AP users, by role. */
  apUser(role: 'ap_creator' | 'admin'): number;
}

const AP = '/v2/accounts-payable';

export async function driveAccountsPayable({
  call,
  upload,
  expectClean,
  expectRefusal,
  apUser,
}: ContractDriver) {
  const creator = apUser('ap_creator');
  const admin = apUser('admin');
  expectClean(await call('GET', `${AP}/approvers`), 200);
  const vendor = await call('POST', `${AP}/vendors`, {
    name: 'Contract Supplies',
    contact_email: 'ar@contract.example',
    external_id: 'V-1',
    address: { line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '73301', country: 'US' },
  });
  expectClean(vendor, 201);
  expectClean(await call('GET', `${AP}/vendors`), 200);
  expectClean(await call('GET', `${AP}/vendors/${vendor.body.id}`), 200);
  const method = await call('POST', `${AP}/vendors/${vendor.body.id}/payment-methods`, {
    name: 'Operating',
    ach_account_number: '000123454821',
    ach_routing_number: '021000021',
    ach_account_type: 'checking',
  });
  expectClean(method, 201);
  expectClean(await call('GET', `${AP}/vendors/${vendor.body.id}/payment-methods`), 200);
  expectClean(await call('GET', `${AP}/vendors/${vendor.body.id}/payment-methods/${method.body.id}`), 200);

  const policy = await call('POST', `${AP}/approval-policies`, {
    description: 'Contract tier',
    payable_conditions: [{ type: 'amount', comparator: '>=', value: 90_000_000 }],
    approval_conditions: [{ approver_list: [admin], num_approvals_required: 1 }],
  });
  // The document's payable_conditions item is a oneOf of two if/then schemas, and a schema whose `if` fails holds: every
  // condition matches both, so no body can pass it. That request violation, and only it, is the document's own.
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  const found = JSON.parse(policy.violations || '[]') as { code: string; location: string[] }[];
  expect(
    found.filter(
      (v) => !(v.code === 'oneOf' && v.location.join('.') === 'request.body.payable_conditions.0'),
    ),
  ).toEqual([]);
  expectClean(await call('GET', `${AP}/approval-policies`), 200);
  expectClean(await call('PATCH', `${AP}/approval-policies/${policy.body.id}`, { priority: 1 }), 200);

  const pdf = Buffer.from(
    await invoicePdf({
      vendor: 'Contract Supplies',
      number: 'CS-1',
      items: [{ name: 'Paper', quantity: 2, unit_price: 450 }],
    }),
  );
  const bill = await call('POST', `${AP}/payables`, {
    acting_user_id: creator,
    number: 'CS-1',
    description: 'Paper',
    ap_vendor_id: vendor.body.id,
    ap_payment_method_id: method.body.id,
    funding_source: 'dots_balance',
    items: [{ name: 'Paper', unit_price: 450, quantity: 2, amount: 900 }],
    file: pdf.toString('base64'),
  });
  expectClean(bill, 201);
  expectClean(await call('GET', `${AP}/payables`), 200);
  expectClean(await call('GET', `${AP}/payables/${bill.body.id}`), 200);
  expectClean(await call('PATCH', `${AP}/payables/${bill.body.id}`, { description: 'Paper, March' }), 200);
  expectClean(await call('DELETE', `${AP}/payables/${bill.body.id}/file`), 200);
  expectClean(
    await call('POST', `${AP}/payables/${bill.body.id}/file`, { file: pdf.toString('base64') }),
    200,
  );
  expectRefusal(await call('POST', `${AP}/payables/${bill.body.id}/pay`, { acting_user_id: creator }), 409);
  expectClean(
    await call('POST', `${AP}/payables/${bill.body.id}/submit-for-approval`, { acting_user_id: creator }),
    200,
  );
  const paid = await call('POST', `${AP}/payables/${bill.body.id}/pay`, { acting_user_id: creator });
  expectClean(paid, 200);
  expect(paid.body.status).toBe('payment_initiated');

  const big = await call('POST', `${AP}/payables`, {
    acting_user_id: creator,
    number: 'CS-2',
    ap_vendor_id: vendor.body.id,
    ap_payment_method_id: method.body.id,
    amount: 90_000_000,
  });
  expectClean(big, 201);
  expectClean(
    await call('POST', `${AP}/payables/${big.body.id}/submit-for-approval`, { acting_user_id: creator }),
    200,
  );
  expectRefusal(
    await call('POST', `${AP}/payables/${big.body.id}/approve`, { acting_user_id: creator }),
    403,
  );
  expectClean(
    await call('POST', `${AP}/payables/${big.body.id}/reject`, { acting_user_id: admin, comment: 'No' }),
    200,
  );
  expectClean(await call('POST', `${AP}/payables/${big.body.id}/cancel`, { acting_user_id: creator }), 200);
  const second = await call('POST', `${AP}/payables`, {
    acting_user_id: creator,
    number: 'CS-3',
    ap_vendor_id: vendor.body.id,
    ap_payment_method_id: method.body.id,
    amount: 90_000_000,
  });
  expectClean(second, 201);
  expectClean(
    await call('POST', `${AP}/payables/${second.body.id}/submit-for-approval`, { acting_user_id: creator }),
    200,
  );
  expectClean(await call('POST', `${AP}/payables/${second.body.id}/approve`, { acting_user_id: admin }), 200);
  expectClean(
    await call('POST', `${AP}/payables/${second.body.id}/cancel`, { acting_user_id: creator }),
    200,
  );

  // Prism re-encodes a multipart body as text, which breaks a compressed stream (pdf-lib compresses every page), so
  // the upload through it is a PDF of plain text; the sandbox's own tests read pdf-lib's.
  const form = new FormData();
  form.set('acting_user_id', String(creator));
  form.set(
    'file',
    new File([plainTextPdf(['Invoice number: CS-1', 'Total: $9.00'])], 'cs-1.pdf', {
      type: 'application/pdf',
    }),
  );
  const drafted = await upload(`${AP}/payables/upload-from-file`, form);
  expectClean(drafted, 200);
  expect(drafted.body).toMatchObject({ number: 'CS-1', amount: 900, status: 'created' });

  expectClean(await call('DELETE', `${AP}/approval-policies/${policy.body.id}`), 200);
  expectClean(await call('DELETE', `${AP}/vendors/${vendor.body.id}/payment-methods/${method.body.id}`), 200);
  const spare = await call('POST', `${AP}/vendors`, {
    name: 'Spare',
    address: { line_1: '2 Main St', city: 'Austin', state: 'TX', postcode: '73301', country: 'US' },
  });
  expectRefusal(await call('DELETE', `${AP}/vendors/${vendor.body.id}`), 409);
  expectClean(await call('DELETE', `${AP}/vendors/${spare.body.id}`), 200);
}

/** A one-page PDF whose every byte is ASCII: its lines of text in an uncompressed page (pdf.js finds the objects). */
function plainTextPdf(lines: string[]): string {
  const text = lines.map((line, i) => `${i === 0 ? '56 720 Td' : '0 -22 Td'} (${line}) Tj`).join(' ');
  const content = `BT /F1 12 Tf ${text} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

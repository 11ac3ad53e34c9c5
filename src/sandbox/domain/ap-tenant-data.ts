import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatCents } from '../../lib/money';
import type { CreateVendor } from '../../lib/requests/accounts-payable';
import { type ApRole, hasAccountsPayable } from '../store/accounts-payable';
import { findOrganizationByClientId } from '../store/tenants';
import { findTransfer } from '../store/transfers';
import { payPayable } from './ap-pay';
import { cancelPayable, insertNewPayable, rejectPayable, submitPayable } from './ap-payables';
import { createPolicy } from './ap-policies';
import { putApUsers } from './ap-users';
import { createVendor, createVendorMethod } from './ap-vendors';
import type { Caller, HelperCaller } from './auth';
import { DomainError } from './errors';
import { transition } from './lifecycle';

/**
 * A tenant's accounts payable, as the demo and the test tenants have it: its AP users (one per team member, by
 * email), and once, three vendors with a method each, the policy of three tiers (below $1,000.00 none; up to
 * $10,000.00 one approver; above, two steps) and a bill in every status, each with its invoice as a PDF.
 */

export interface ApUserRequest {
  email: string;
  name: string;
  role: ApRole;
}

const VENDORS: { vendor: CreateVendor; method: string; account: string }[] = [
  {
    vendor: {
      name: 'Northwind Hosting',
      contact_email: 'billing@northwind-hosting.example',
      address: {
        line_1: '500 Howard Street',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94105',
        country: 'US',
      },
    },
    method: 'Operating account',
    account: '000123454821',
  },
  {
    vendor: {
      name: 'Swift Logistics',
      contact_email: 'ar@swift-logistics.example',
      address: { line_1: '2 Harbor Way', city: 'Oakland', state: 'CA', postcode: '94607', country: 'US' },
    },
    method: 'Receivables',
    account: '000987657733',
  },
  {
    vendor: {
      name: 'Dana Lee Consulting',
      contact_email: 'dana@danalee.example',
      address: { line_1: '12 Pine Street', city: 'Portland', state: 'OR', postcode: '97204', country: 'US' },
    },
    // An account whose payments fail (R01), so that a failed bill and its retry can be seen.
    method: 'Old checking',
    account: '000555550001',
  },
];

/** An invoice as a one-page PDF whose text the upload reads back (tests make theirs with this too). */
export async function invoicePdf(invoice: {
  vendor: string;
  number: string;
  items: { name: string; quantity: number; unit_price: number }[];
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let y = 720;
  const line = (text: string, size = 12) => {
    page.drawText(text, { x: 56, y, size, font });
    y -= size + 10;
  };
  line(`Vendor: ${invoice.vendor}`, 16);
  line(`Invoice number: ${invoice.number}`);
  let total = 0;
  for (const item of invoice.items) {
    const amount = item.unit_price * item.quantity;
    total += amount;
    line(`${item.name} ${item.quantity} x ${formatCents(item.unit_price)} ${formatCents(amount)}`);
  }
  line(`Total: ${formatCents(total)}`);
  return doc.save();
}

interface DemoBill {
  vendor: number;
  number: string;
  items: { name: string; quantity: number; unit_price: number }[];
  /** Where the bill is left. */
  to: 'created' | 'submitted' | 'approved' | 'rejected' | 'canceled' | 'paid' | 'failed' | 'initiated';
  funding: 'dots_balance' | 'ach';
}

const BILLS: DemoBill[] = [
  {
    vendor: 0,
    number: 'NH-1001',
    items: [{ name: 'Servers, March', quantity: 2, unit_price: 21_000 }],
    to: 'created',
    funding: 'dots_balance',
  },
  {
    vendor: 1,
    number: 'SL-2207',
    items: [{ name: 'Freight, week 12', quantity: 1, unit_price: 480_000 }],
    to: 'submitted',
    funding: 'dots_balance',
  },
  {
    vendor: 1,
    number: 'SL-2210',
    items: [{ name: 'Warehouse, April', quantity: 1, unit_price: 1_450_000 }],
    to: 'submitted',
    funding: 'ach',
  },
  {
    vendor: 0,
    number: 'NH-1002',
    items: [{ name: 'Bandwidth', quantity: 3, unit_price: 12_500 }],
    to: 'approved',
    funding: 'dots_balance',
  },
  {
    vendor: 2,
    number: 'DL-17',
    items: [{ name: 'Advice, 6 hours', quantity: 6, unit_price: 25_000 }],
    to: 'rejected',
    funding: 'ach',
  },
  {
    vendor: 0,
    number: 'NH-0998',
    items: [{ name: 'Servers, February', quantity: 2, unit_price: 21_000 }],
    to: 'canceled',
    funding: 'dots_balance',
  },
  {
    vendor: 0,
    number: 'NH-0999',
    items: [{ name: 'Servers, February', quantity: 2, unit_price: 20_500 }],
    to: 'paid',
    funding: 'dots_balance',
  },
  {
    vendor: 1,
    number: 'SL-2199',
    items: [{ name: 'Freight, week 9', quantity: 1, unit_price: 62_000 }],
    to: 'initiated',
    funding: 'dots_balance',
  },
  {
    vendor: 2,
    number: 'DL-16',
    items: [{ name: 'Advice, 4 hours', quantity: 4, unit_price: 15_000 }],
    to: 'failed',
    funding: 'dots_balance',
  },
];

/**
 * The two steps of the top tier, an approver then an admin, naming different people where the team has them: one
 * person approves at most one step of a bill, so a step whose only approvers are those of the other could never be
 * met. With one approver in all (the demo's one admin), both steps name them, and the bill's page says the second
 * step needs someone else.
 */
export function twoSteps(approvers: readonly number[], admins: readonly number[]): [number[], number[]] {
  const notAdmins = approvers.filter((id) => !admins.includes(id));
  if (notAdmins.length > 0 && admins.length > 0) return [notAdmins, [...admins]];
  if (admins.length > 1) return [admins.slice(0, -1), admins.slice(-1)];
  return [[...approvers], [...admins]];
}

/** PUT /sandbox/tenants/{client_id}/accounts-payable: the AP users (by email), and the rest once per tenant. */
export async function seedAccountsPayable(
  { db, nowMs }: HelperCaller,
  clientId: string,
  users: readonly ApUserRequest[],
  /** Bills that moved money too (paid, on their way, failed): the demo's history; a test tenant's wallet stays whole. */
  withPayments = false,
) {
  const organization = findOrganizationByClientId(db, clientId);
  if (!organization) throw new DomainError('not-found', 'tenant-not-found', 'No tenant has this client id');
  const pdfs = hasAccountsPayable(db, organization.id)
    ? []
    : await Promise.all(
        BILLS.map((bill) => invoicePdf({ ...bill, vendor: VENDORS[bill.vendor]?.vendor.name ?? '' })),
      );
  return db.transaction(() => {
    const created = new Date(nowMs).toISOString();
    const rows = putApUsers(db, organization.id, users, created);
    if (pdfs.length === 0)
      return { ap_users: rows.map((row) => ({ id: row.id, email: row.email, role: row.role })) };
    const caller: Caller = { db, tenant: { orgId: organization.id, clientId }, appId: undefined, nowMs };
    const vendors = VENDORS.map(({ vendor, method, account }) => {
      const made = createVendor(caller, vendor);
      const paidTo = createVendorMethod(caller, made.id, {
        name: method,
        ach_account_number: account,
        ach_routing_number: '021000021',
        ach_account_type: 'checking',
      });
      return { vendor: made, method: paidTo };
    });
    const approvers = rows
      .filter((row) => row.role === 'admin' || row.role === 'ap_approver')
      .map((row) => row.id);
    const admins = rows.filter((row) => row.role === 'admin').map((row) => row.id);
    if (approvers.length > 0 && admins.length > 0) {
      createPolicy(caller, {
        description: 'From $1,000.00 to $10,000.00: one approver',
        payable_conditions: [
          { type: 'amount', comparator: '>=', value: 100_000 },
          { type: 'amount', comparator: '<=', value: 1_000_000 },
        ],
        approval_conditions: [{ approver_list: approvers, num_approvals_required: 1 }],
      });
      createPolicy(caller, {
        description: 'Above $10,000.00: an approver, then an admin',
        payable_conditions: [{ type: 'amount', comparator: '>=', value: 1_000_001 }],
        approval_conditions: twoSteps(approvers, admins).map((approver_list) => ({
          approver_list,
          num_approvals_required: 1,
        })),
      });
    }
    const creator = rows.find((row) => row.role === 'ap_creator');
    const approver = rows.find((row) => row.role === 'admin');
    if (!creator || !approver)
      return { ap_users: rows.map((row) => ({ id: row.id, email: row.email, role: row.role })) };
    BILLS.forEach((bill, index) => {
      if (!withPayments && (bill.to === 'paid' || bill.to === 'initiated' || bill.to === 'failed')) return;
      const { vendor, method } = vendors[bill.vendor] as (typeof vendors)[number];
      const items = bill.items.map((item) => ({ ...item, amount: item.unit_price * item.quantity }));
      const row = insertNewPayable(
        { ...caller, nowMs: nowMs - (BILLS.length - index) * 3_600_000 },
        {
          acting_user_id: creator.id,
          number: bill.number,
          ap_vendor_id: vendor.id,
          ap_payment_method_id: method.id,
          items,
          funding_source: bill.funding,
          description: items.map((item) => item.name).join('; '),
          file: Buffer.from(pdfs[index] as Uint8Array),
        },
      );
      if (bill.to === 'created') return;
      const by = { acting_user_id: creator.id };
      if (bill.to === 'canceled') {
        cancelPayable(caller, row.id, { ...by, comment: 'Sent twice by the vendor' });
        return;
      }
      submitPayable(caller, row.id, by);
      if (bill.to === 'submitted') return;
      if (bill.to === 'rejected') {
        rejectPayable(caller, row.id, {
          acting_user_id: approver.id,
          comment: 'The hours do not match the contract',
        });
        return;
      }
      if (bill.to === 'approved') return;
      const paid = payPayable(caller, row.id, by).bill;
      if (!paid.transfer_id) return;
      const transfer = findTransfer(db, organization.id, paid.transfer_id);
      if (!transfer || bill.to === 'initiated') return;
      transition(db, transfer, 'pending', nowMs);
      const pending = findTransfer(db, organization.id, paid.transfer_id);
      if (pending) transition(db, pending, bill.to === 'failed' ? 'failed' : 'completed', nowMs);
    });
    return { ap_users: rows.map((row) => ({ id: row.id, email: row.email, role: row.role })) };
  })();
}

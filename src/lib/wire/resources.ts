import type { ApRole, PayableStatus } from '../ap-states';
import type { LinkStatus } from '../payout-link-states';
import type { TRANSFER_TYPES, TransferStatus } from '../transfer-states';
import type { components } from './dots-v2';

/**
 * The vendor's resources, each typed once: by the types openapi-typescript generates from the vendor's document
 * (docs/vendor/dots-v2-openapi.yaml into dots-v2.ts, `npm run wire:types`; dots-v2.test.ts fails when the two
 * differ). A schema that reads one of them at a boundary is checked against it (agreement.ts).
 *
 * The document marks almost no field required, so neither do these types: a reader says what it relies on. Where
 * the sandbox answers more than the vendor (`x-extension` in its own document, docs/sandbox.md), the type is the
 * vendor's plus the extension, named `Sandbox...`: upstream those fields are missing, and the console copes. The
 * sandbox's own document (/sandbox/openapi.json) is made from its zod schemas, which are checked against these, so no
 * types are generated from it.
 *
 * The browser's calls stay on api/client.ts `request()`, which brings the member's credentials, the sign-in dialog on
 * a 401, the request inspector, ApiError and the zod parse of the answer: openapi-fetch would need each again as
 * middleware, and would type what the schemas already check.
 */
type Schemas = components['schemas'];

/** A bill: the vendor's document calls it a payable (`/v2/accounts-payable/payables`). */
export type Bill = Schemas['payable'];
export type Transfer = Schemas['transfer'];
export type Transaction = Schemas['transaction'];
export type User = Schemas['user'];
export type PayoutLink = Schemas['payout-link'];
/** A user's Dots wallet, in cents. */
export type Wallet = Schemas['wallet'];
/** A user's saved payout method (the document's `payment-method`). */
export type PayoutMethod = Schemas['payment-method'];
/** An app: its wallet is `metrics.wallet_balance`, in decimal dollars. */
export type App = Schemas['app'];
export type PaymentCustomer = Schemas['payment-customer'];
export type PayoutRequest = Schemas['payout-request'];
export type PayoutBatch = Schemas['payout-batch-response'];
/** One payout of a batch's results. */
export type PayoutBatchResult = Schemas['payout-batch-results-item'];
/** Accounts payable: a bill's vendor, the vendor's account, an AP user who may approve, an approval policy. */
export type Vendor = Schemas['vendor'];
export type VendorMethod = Schemas['vendor-payment-method'];
export type Approver = Schemas['approver'];
type PolicyCondition = NonNullable<Schemas['approval-policy']['payable_conditions']>[number];
/**
 * An approval policy. Its document nests a condition's `type` one level too deep (an object whose own `type` lists
 * `amount` and `vendor_id`), so that one field is typed as the document means it: a word.
 */
export type ApprovalPolicy = Omit<Schemas['approval-policy'], 'payable_conditions'> & {
  payable_conditions?: (Omit<PolicyCondition, 'type'> & { type?: 'amount' | 'vendor_id' })[];
};

type BillAction = NonNullable<Bill['action_history']>[number];

/** Sandbox extension: what the sandbox adds to a bill. */
export type SandboxBill = Omit<Bill, 'action_history'> & {
  /** The last four digits of the account it is paid to. */
  ap_payment_method_mask?: string;
  /** The AP user who made it. */
  created_by?: number;
  /** The approval policy that chose its steps. */
  approval_policy_id?: string | null;
  /** The AP users its open step still waits for. */
  next_approvers?: number[];
  /** A bill whose payment failed may be paid to another method: `change_payment_method`, the sandbox's own action. */
  action_history?: (Omit<BillAction, 'action'> & {
    action?: BillAction['action'] | 'change_payment_method';
  })[];
};

/** Sandbox extension: the wallet whose line a transaction is; its amount is signed from that wallet's side. */
export type SandboxTransaction = Transaction & {
  wallet?: { type: 'organization' | 'app' | 'user'; id: string };
};

/** Sandbox extension: a transfer's payer when it is a payment customer, its history, the account, the ACH return. */
export type SandboxTransfer = Omit<Transfer, 'external_data' | 'transactions'> & {
  customer_id?: string;
  external_data?: Transfer['external_data'] & {
    /** The last four digits of the account the money moved from or to, and its type. */
    account_mask?: string | null;
    account_type?: string | null;
  };
  transactions?: SandboxTransaction[];
  status_history?: { status: NonNullable<Transfer['status']>; at: string }[];
  failure_reason?: { code: string; message: string } | null;
};

/** Sandbox extension: a user's addresses, the last four digits of their TIN, their date of birth. */
export type SandboxUser = Omit<User, 'compliance' | 'default_payout_method_details'> & {
  default_payout_method_details?: SandboxPayoutMethod;
  compliance?: Omit<NonNullable<User['compliance']>, 'w9'> & {
    w9?: (NonNullable<NonNullable<User['compliance']>['w9']> & { tin_last4?: string }) | null;
  };
  /** Newest first. */
  addresses?: SandboxAddress[];
  date_of_birth?: string;
  auto_payout_enabled?: boolean;
};

/** Sandbox extension: a user's address as the sandbox answers it (the vendor's document only takes one). */
export interface SandboxAddress {
  id?: string;
  created?: string;
  line_1?: string;
  line_2?: string | null;
  line_3?: string | null;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
}

/** Sandbox extension: whether a payout method is the user's default, and the type and handle of an account. */
export type SandboxPayoutMethod = PayoutMethod & {
  is_default?: boolean;
  account_type?: 'checking' | 'savings';
  handle?: string;
};

/** A payout request's user and payout link, with what the sandbox adds to each. */
export type SandboxPayoutRequest = Omit<PayoutRequest, 'user' | 'payout-link'> & {
  user?: SandboxUser;
  'payout-link'?: SandboxPayoutLink;
};

/** Sandbox extension: how many of a payout batch's items are answered, paid and failed. */
export type SandboxPayoutBatch = PayoutBatch & {
  progress?: { total: number; done: number; paid: number; failed: number };
};

/** Sandbox extension: whether an app has a compliance record. */
export type SandboxApp = App & { has_compliance?: boolean };

/** Sandbox extension: a vendor's account by its id and last four digits (the document lists accounts by name). */
export type SandboxVendorMethod = VendorMethod & { id?: string; mask?: string };

/** Sandbox extension: whom a payout link is for, its deliveries, until when it holds and its history. */
export type SandboxPayoutLink = Omit<PayoutLink, 'delivery'> & {
  delivery?: PayoutLink['delivery'] & { message?: string | null };
  user_id?: string;
  deliveries?: number;
  expires?: string;
  history?: { status: string; at: string; note?: string | null }[];
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<Holds extends true> = Holds;

/**
 * The closed lists the console keeps of the vendor's words (lib/ap-states.ts, lib/transfer-states.ts) are its
 * document's: a word added or dropped there fails typecheck here, rather than a page that does not know it.
 */
export type ListsAreTheDocuments = Expect<
  Same<
    [PayableStatus, ApRole, TransferStatus, (typeof TRANSFER_TYPES)[number], LinkStatus],
    [
      NonNullable<NonNullable<Bill['status_history']>[number]['status']>,
      NonNullable<Schemas['approver']['role']>,
      NonNullable<Transfer['status']>,
      NonNullable<Transfer['type']>,
      NonNullable<PayoutLink['status']>,
    ]
  >
>;

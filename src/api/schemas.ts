import type { Disagreements, WireAgrees } from '../lib/wire/agreement';
import type {
  PaymentCustomer,
  SandboxApp,
  SandboxPayoutMethod,
  SandboxTransaction,
  SandboxTransfer,
  SandboxUser,
} from '../lib/wire/resources';
import { z } from '../lib/zod';

/**
 * What the console reads from the service. Strict where the console relies on a value (ids, amounts, statuses),
 * tolerant where the real service is loose: unknown fields pass, optional fields may be missing or null, an amount
 * may arrive as an integer string, metadata may be a string, an object or null.
 *
 * Each schema is built on its first use (`z.lazy`): building zod schemas is costly (every one of the fields below is
 * a few schema objects), and building all of them was the largest part of evaluating the console's first script,
 * one long task of the load, though a page parses only one or two of them.
 *
 * Each schema of a vendor's resource is checked against the types generated from the vendor's document
 * (`...ReadsTheWire` below, lib/wire/agreement.ts): a field it reads that the document renames or retypes fails
 * typecheck here.
 */

/** Integer cents, as a number or an integer string. */
export const centsSchema = z.lazy(() =>
  z.union([
    z.int(),
    z
      .string()
      .regex(/^-?\d+$/, 'expected whole cents')
      .transform(Number),
  ]),
);

export const metadataSchema = z.lazy(() =>
  z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
);

export const organizationSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string().nullish(),
    balance: centsSchema.nullish(),
  }),
);
export type Organization = z.infer<typeof organizationSchema>;

export const payoutMethodSchema = z.lazy(() =>
  z.object({
    id: z.string().nullish(),
    platform: z.string(),
    description: z.string().nullish(),
    mask: z.string().nullish(),
    account_type: z.string().nullish(),
    /** A wallet's address: PayPal's email, Venmo's phone or handle, Cash App's cash tag. */
    email: z.string().nullish(),
    phone_number: z.string().nullish(),
    handle: z.string().nullish(),
    cash_tag: z.string().nullish(),
    /** Sandbox extension: the user's default method (the vendor names it on the user, as default_payout_method). */
    is_default: z.boolean().nullish(),
  }),
);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export type PayoutMethodReadsTheWire = WireAgrees<Disagreements<PayoutMethod, SandboxPayoutMethod>>;

export const transactionSchema = z.lazy(() =>
  z.object({
    id: z.union([z.int(), z.string()]),
    amount: centsSchema,
    created: z.string().nullish(),
    source_name: z.string().nullish(),
    destination_name: z.string().nullish(),
    type: z.string().nullish(),
    metadata: metadataSchema,
    transfer_id: z.string().nullish(),
    /** Sandbox extension: the wallet whose line it is; `amount` is signed from its side. */
    wallet: z.object({ type: z.string(), id: z.string() }).nullish(),
  }),
);
export type Transaction = z.infer<typeof transactionSchema>;
export type TransactionReadsTheWire = WireAgrees<Disagreements<Transaction, SandboxTransaction>>;

export const transferSchema = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    created: z.string().nullish(),
    user_id: z.string().nullish(),
    /** Sandbox extension: the payer when it is a payment customer. */
    customer_id: z.string().nullish(),
    /** A status the console does not know yet is still shown, as text. */
    status: z.string(),
    type: z.string().nullish(),
    amount: centsSchema,
    external_data: z
      .object({
        account_id: z.string().nullish(),
        external_id: z.string().nullish(),
        platform: z.string().nullish(),
        /** Sandbox extension: the account's last four digits and type. */
        account_mask: z.string().nullish(),
        account_type: z.string().nullish(),
      })
      .nullish(),
    transactions: z.array(transactionSchema).nullish(),
    payout_link_id: z.string().nullish(),
    metadata: metadataSchema,
    /** Sandbox extension. */
    status_history: z.array(z.object({ status: z.string(), at: z.string() })).nullish(),
    /** Sandbox extension: the ACH return of a failed or reversed transfer. */
    failure_reason: z.object({ code: z.string(), message: z.string() }).nullish(),
  }),
);
export type Transfer = z.infer<typeof transferSchema>;
export type TransferReadsTheWire = WireAgrees<Disagreements<Transfer, SandboxTransfer>>;

export const transferListSchema = z.lazy(() =>
  z.object({
    data: z.array(transferSchema),
    has_more: z.boolean().nullish(),
  }),
);

export const addressResponseSchema = z.lazy(() =>
  z.object({
    id: z.string().nullish(),
    created: z.string().nullish(),
    line_1: z.string().nullish(),
    line_2: z.string().nullish(),
    line_3: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    postcode: z.string().nullish(),
    country: z.string().nullish(),
  }),
);
export type AddressResponse = z.infer<typeof addressResponseSchema>;

export const userSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
    phone_number: z
      .object({ country_code: z.string().nullish(), phone_number: z.string().nullish() })
      .nullish(),
    status: z.string().nullish(),
    /** The kind of the user's default payout method (`paypal`, `ach`…), when they chose one. */
    default_payout_method: z.string().nullish(),
    /** Sandbox extension. */
    addresses: z.array(addressResponseSchema).nullish(),
    /** The user's Dots wallet (the vendor's `wallet`), in cents. */
    wallet: z.object({ amount: centsSchema }).nullish(),
    /** What the user's tax form says (never its TIN: `w9.tin_last4`, a sandbox extension). */
    compliance: z
      .object({
        tax_id_collected: z.boolean().nullish(),
        w8_ben_collected: z.boolean().nullish(),
        w9: z.object({ entity_type: z.string().nullish(), tin_last4: z.string().nullish() }).nullish(),
      })
      .nullish(),
  }),
);
export type User = z.infer<typeof userSchema>;
export type UserReadsTheWire = WireAgrees<Disagreements<User, SandboxUser>>;

/** The vendor's `{ data, has_more }` page of a list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), has_more: z.boolean().nullish() });
}

export const userPageSchema = z.lazy(() => pageSchema(userSchema));

/** The vendor's payment customer: a person's names or a business name, and a phone as two flat fields. */
export const customerSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    business_name: z.string().nullish(),
    email: z.string().nullish(),
    country_code: z.string().nullish(),
    phone_number: z.string().nullish(),
  }),
);
export type Customer = z.infer<typeof customerSchema>;
export type CustomerReadsTheWire = WireAgrees<Disagreements<Customer, PaymentCustomer>>;

export const customerPageSchema = z.lazy(() => pageSchema(customerSchema));

export const appSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string().nullish(),
    /** The app's verification (the vendor's `created`, `in_review`, `approved`); KYB starts only from `created`. */
    status: z.string().nullish(),
    /** Sandbox extension: whether the app has a compliance record. */
    has_compliance: z.boolean().nullish(),
    /** The app's wallet (what funds its payouts) and what it paid out, as decimal dollars ("1234.56"). */
    metrics: z
      .object({
        wallet_balance: z.union([z.string(), z.number()]).nullish(),
        money_out: z.union([z.string(), z.number()]).nullish(),
      })
      .nullish(),
  }),
);
export type App = z.infer<typeof appSchema>;
/** Its wallet's figures are decimal strings in the document, read as numbers too: those two are not checked. */
export type AppReadsTheWire = WireAgrees<Disagreements<Omit<App, 'metrics'>, SandboxApp>>;

/** The vendor's `{ success, message }`; a 200 with no body at all is a success too. */
export const successMessageSchema = z.lazy(() =>
  z.object({ success: z.boolean().nullish(), message: z.string().nullish() }).optional(),
);

export const complianceRecordSchema = z.lazy(() =>
  z.object({
    company_info: z
      .object({
        name: z.string().nullish(),
        dba: z.string().nullish(),
        ein: z.string().nullish(),
        /** The sandbox answers the EIN by its last four digits only (docs/sandbox.md, "Onboarding"). */
        ein_last4: z.string().nullish(),
        incorporation_state: z.string().nullish(),
        incorporation_type: z.string().nullish(),
      })
      .nullish(),
    contact_info: z.object({ email: z.string().nullish() }).nullish(),
  }),
);
export type ComplianceRecord = z.infer<typeof complianceRecordSchema>;

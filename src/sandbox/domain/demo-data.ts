import type { TransferStatus } from '../store/transfers';
import { FIXTURE_ROUTING_NUMBERS, MAGIC_LAST4 } from './fixtures';
import { RETURN_CODES } from './lifecycle';
import { type SeededRandom, seededRandom } from './seeded-random';

/**
 * The demo tenant's data, as a plan: people, apps and about 300 transfers over the last 60 days in every state, ACH
 * returns with their reasons among them. Deterministic (a fixed seed, times counted back from `nowMs`), so that every
 * newcomer's console opens on the same story; written once per store (seed.ts).
 */

const FIRST_NAMES = [
  'Amara',
  'Mateo',
  'Priya',
  'Liam',
  'Sofia',
  'Kenji',
  'Olivia',
  'Diego',
  'Fatima',
  'Noah',
  'Hana',
  'Ethan',
  'Zoë',
  'Arjun',
  'Grace',
  'Malik',
  'Isabella',
  'Tomás',
  'Mei',
  'Samuel',
  'Aaliyah',
  'Lucas',
  'Chloé',
  'Omar',
  'Nina',
  'Daniel',
  'Yuki',
  'Gabriel',
  'Leila',
  'Caleb',
  'Ingrid',
  'Jamal',
  'Elena',
  'Ravi',
  'Harper',
  'Kofi',
  'Anika',
  'Jonah',
  'Camila',
  'Wei',
  'Maya',
  'Andre',
  'Sienna',
  'Hiro',
  'Nadia',
  'Owen',
  'Lucía',
  'Felix',
  'Ama',
  'Rosa',
] as const;
const LAST_NAMES = [
  'Okafor',
  'García',
  'Patel',
  'Murphy',
  'Rossi',
  'Tanaka',
  'Johnson',
  'Hernández',
  'Khan',
  'Williams',
  'Kim',
  'Brown',
  'Dubois',
  'Sharma',
  'Lee',
  'Washington',
  'Martínez',
  'Silva',
  'Chen',
  'Cohen',
  'Robinson',
  'Nguyen',
  'Moreau',
  'Haddad',
  'Petrov',
  'Miller',
  'Sato',
  'Costa',
  'Rahimi',
  'Anderson',
  'Larsen',
  'Jackson',
  'Popescu',
  'Iyer',
  'Taylor',
  'Mensah',
  'Kowalski',
  'Levi',
  'Torres',
  'Zhang',
  'Singh',
  'Baptiste',
  'Bianchi',
  'Watanabe',
  'Aziz',
  'Evans',
  'Fernández',
  'Fischer',
  'Boateng',
  'Quiñones',
] as const;
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
/** 555-0100 to 555-0199 are set aside for fiction in every North American area code. */
const AREA_CODES = [
  '212',
  '310',
  '312',
  '415',
  '512',
  '617',
  '646',
  '702',
  '206',
  '303',
  '404',
  '503',
] as const;
const CITIES = [
  { city: 'Austin', state: 'TX', postcode: '78701' },
  { city: 'Brooklyn', state: 'NY', postcode: '11201' },
  { city: 'Chicago', state: 'IL', postcode: '60607' },
  { city: 'Denver', state: 'CO', postcode: '80202' },
  { city: 'Oakland', state: 'CA', postcode: '94612' },
  { city: 'Portland', state: 'OR', postcode: '97205' },
  { city: 'Seattle', state: 'WA', postcode: '98101' },
  { city: 'Atlanta', state: 'GA', postcode: '30303' },
] as const;
const STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Harbor Way',
  'Cedar Lane',
  'Mission Street',
  'Elm Court',
] as const;

export interface DemoAccount {
  last4: string;
  routing_number: string;
  account_type: 'checking' | 'savings';
}

export interface DemoPerson {
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  email: string;
  country_code: string;
  phone_number: string;
  createdMs: number;
}

export interface DemoUser extends DemoPerson {
  status: 'verified' | 'unverified' | 'in_review' | 'disabled';
  accounts: DemoAccount[];
  addresses: { line_1: string; city: string; state: string; postcode: string; country: 'US' }[];
}

export interface DemoTransfer {
  payer: { kind: 'user' | 'customer'; index: number };
  app: number;
  amount: number;
  /** A stored account of the paying user, by index; else a one-off account. */
  storedAccount: number | null;
  oneOff: DemoAccount | null;
  /** Each status the transfer went through, with when; the last is where it stands. */
  history: { status: TransferStatus; atMs: number }[];
  /** What the sandbox would still make of it (lifecycle.ts's outcome). */
  outcome: string;
  failure: { code: string; message: string } | null;
  metadata: Record<string, string> | null;
}

export interface DemoPlan {
  apps: { name: string; compliance: boolean }[];
  users: DemoUser[];
  customers: DemoPerson[];
  transfers: DemoTransfer[];
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function last4(random: SeededRandom): string {
  for (;;) {
    const digits = String(random.int(1000, 9999));
    if (!MAGIC_LAST4.has(digits)) return digits;
  }
}

function account(random: SeededRandom, type: 'checking' | 'savings' = 'checking'): DemoAccount {
  return { last4: last4(random), routing_number: random.pick(FIXTURE_ROUTING_NUMBERS), account_type: type };
}

function emailOf(first: string, last: string, domain: string, n: number): string {
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  // Beyond the first fifty, names repeat: a number keeps each email one person's.
  return `${ascii(first)}.${ascii(last)}${n < FIRST_NAMES.length ? '' : n}@${domain}`;
}

/** A US number in the 555-01xx range set aside for fiction; past 1,200 people, other exchanges. */
function phoneOf(n: number): string {
  const block = Math.floor(n / (AREA_CODES.length * 100));
  const exchange = block === 0 ? '555' : String(200 + block);
  return `${AREA_CODES[n % AREA_CODES.length]}${exchange}${String(100 + (Math.floor(n / AREA_CODES.length) % 100)).padStart(4, '0')}`;
}

/** Amounts people pay: round prices, subscriptions, invoices with cents. */
function amountOf(random: SeededRandom): number {
  const kind = random.int(0, 3);
  if (kind === 0) return random.pick([2900, 4900, 9900, 12999, 19900]);
  if (kind === 1) return random.int(5, 250) * 100;
  return random.int(500, 250_000);
}

function users(random: SeededRandom, nowMs: number, count: number): DemoUser[] {
  const statuses = [
    ...Array<DemoUser['status']>(Math.max(0, count - 10)).fill('verified'),
    ...Array<DemoUser['status']>(5).fill('unverified'),
    ...Array<DemoUser['status']>(3).fill('in_review'),
    ...Array<DemoUser['status']>(2).fill('disabled'),
  ];
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(i * 7 + Math.floor(i / LAST_NAMES.length)) % LAST_NAMES.length] as string;
    const accounts =
      i % 6 === 5 ? [] : [account(random), ...(random.chance(0.3) ? [account(random, 'savings')] : [])];
    const place = random.pick(CITIES);
    return {
      first_name: first,
      last_name: last,
      business_name: null,
      email: emailOf(first, last, EMAIL_DOMAINS[i % EMAIL_DOMAINS.length] as string, i),
      country_code: '1',
      phone_number: phoneOf(i),
      createdMs: nowMs - (90 - Math.floor((i * 30) / count)) * DAY,
      status: statuses[(i * 17) % statuses.length] ?? 'verified',
      accounts,
      addresses:
        i % 3 === 0
          ? [{ line_1: `${random.int(10, 999)} ${random.pick(STREETS)}`, ...place, country: 'US' as const }]
          : [],
    };
  });
}

const CUSTOMERS: Omit<DemoPerson, 'createdMs'>[] = [
  {
    first_name: 'Beatriz',
    last_name: 'Alves',
    business_name: null,
    email: 'beatriz.alves@example.com',
    country_code: '1',
    phone_number: '6175550142',
  },
  {
    first_name: 'Marcus',
    last_name: 'Reid',
    business_name: null,
    email: 'marcus.reid@example.net',
    country_code: '1',
    phone_number: '2065550177',
  },
  {
    first_name: null,
    last_name: null,
    business_name: 'Bluebird Bakery LLC',
    email: 'billing@bluebird-bakery.example',
    country_code: '1',
    phone_number: '5125550119',
  },
  {
    first_name: 'Yara',
    last_name: 'Nasser',
    business_name: null,
    email: 'yara.nasser@example.org',
    country_code: '1',
    phone_number: '3125550163',
  },
  {
    first_name: null,
    last_name: null,
    business_name: 'Northwind Studio Inc.',
    email: 'accounts@northwind-studio.example',
    country_code: '1',
    phone_number: '3035550105',
  },
];

/** Where a transfer stands, by its age: the older, the more likely it settled, and some failed or came back. */
function storyOf(random: SeededRandom, ageMs: number): TransferStatus {
  if (ageMs < 6 * HOUR) return random.pick(['created', 'created', 'pending', 'flagged']);
  if (ageMs < 2 * DAY) return random.pick(['pending', 'pending', 'completed', 'completed', 'failed']);
  const roll = random.next();
  if (roll < 0.8) return 'completed';
  if (roll < 0.88) return 'failed';
  if (roll < 0.94) return 'reversed';
  return 'canceled';
}

function transfers(
  random: SeededRandom,
  nowMs: number,
  plan: Omit<DemoPlan, 'transfers'>,
  count: number,
): DemoTransfer[] {
  const made: DemoTransfer[] = [];
  const payingUsers = plan.users
    .map((user, index) => ({ user, index }))
    .filter(({ user }) => user.status !== 'disabled');
  for (let i = 0; i < count; i++) {
    // Spread over the last 60 days, more of them recently; the newest a few minutes old.
    const ageMs = Math.floor((1 - Math.sqrt(random.next())) * 60 * DAY) + 5 * 60 * 1000;
    const createdMs = nowMs - ageMs;
    const story = storyOf(random, ageMs);
    const byCustomer = random.chance(0.12);
    const payer = byCustomer
      ? { kind: 'customer' as const, index: random.int(0, plan.customers.length - 1) }
      : { kind: 'user' as const, index: (random.pick(payingUsers) ?? { index: 0 }).index };
    const user = payer.kind === 'user' ? plan.users[payer.index] : undefined;
    // Failures and returns come from the test accounts that script them (docs/sandbox.md, "Test bank accounts").
    const returnCode =
      story === 'failed' ? random.pick(['R01', 'R02', 'R03']) : story === 'reversed' ? 'R10' : null;
    const magic =
      returnCode === null
        ? null
        : ({ R01: '0001', R02: '0002', R03: '0003', R10: '0010' } as const)[returnCode as 'R01'];
    const stored = magic === null && user && user.accounts.length > 0 && random.chance(0.7);
    const history: DemoTransfer['history'] = [{ status: 'created', atMs: createdMs }];
    const step = (status: TransferStatus, afterMs: number) => {
      const at = Math.min(nowMs - 60_000, (history.at(-1)?.atMs ?? createdMs) + afterMs);
      history.push({ status, atMs: at });
    };
    if (story === 'flagged') step('flagged', random.int(1, 30) * 60_000);
    if (story === 'canceled') step('canceled', random.int(1, 20) * HOUR);
    if (['pending', 'completed', 'failed', 'reversed'].includes(story))
      step('pending', random.int(5, 120) * 60_000);
    if (story === 'completed' || story === 'reversed') step('completed', random.int(20, 40) * HOUR);
    if (story === 'failed') step('failed', random.int(20, 40) * HOUR);
    if (story === 'reversed') step('reversed', random.int(2, 5) * DAY);
    made.push({
      payer,
      app: random.chance(0.75) ? 0 : random.int(1, plan.apps.length - 1),
      amount: amountOf(random),
      storedAccount: stored && user ? random.int(0, user.accounts.length - 1) : null,
      oneOff: stored ? null : { ...account(random), ...(magic ? { last4: magic } : {}) },
      history,
      outcome: returnCode === null ? 'success' : `${story === 'reversed' ? 'reverse' : 'fail'}:${returnCode}`,
      failure:
        returnCode && ['failed', 'reversed'].includes(story)
          ? { code: returnCode, message: RETURN_CODES[returnCode] ?? '' }
          : null,
      metadata: random.chance(0.6) ? { invoice: `INV-${20_000 + i}` } : null,
    });
  }
  return made.sort((a, b) => (a.history[0]?.atMs ?? 0) - (b.history[0]?.atMs ?? 0));
}

export interface DemoSize {
  users: number;
  transfers: number;
}

/** The demo tenant's plan; `size` is larger for tests and benchmarks that need volume. */
export function demoPlan(
  nowMs: number,
  size: DemoSize = { users: 50, transfers: 300 },
  seed = 20261123,
): DemoPlan {
  const random = seededRandom(seed);
  const base = {
    apps: [
      { name: 'Demo Marketplace', compliance: true },
      { name: 'Demo Payouts', compliance: true },
      { name: 'Demo Subscriptions', compliance: false },
    ],
    users: users(random, nowMs, size.users),
    customers: CUSTOMERS.map((customer, i) => ({ ...customer, createdMs: nowMs - (80 - i * 5) * DAY })),
  };
  return { ...base, transfers: transfers(random, nowMs, base, size.transfers) };
}

import { randomInt } from 'node:crypto';

/** Data for made-up tenants: plausible, clearly fictional, and never a magic test account number. */

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Linus',
  'Radia',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Torvalds',
];
const COMPANY_WORDS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Vandelay',
  'Stark',
  'Wayne',
  'Soylent',
];

export const FIXTURE_ROUTING_NUMBERS = ['021000021', '026009593', '121000248'] as const;

/** Last-four digits that trigger a scripted outcome; fixture accounts must avoid them (docs/sandbox.md, "Test bank accounts"). */
export const MAGIC_LAST4 = new Set(['0001', '0002', '0003', '0010']);

export function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)] as T;
}

/** A person's name, other than every full name in `taken` (people of one tenant are told apart by name). */
export function personName(taken: ReadonlySet<string> = new Set()): {
  first_name: string;
  last_name: string;
} {
  for (;;) {
    const person = { first_name: pick(FIRST_NAMES), last_name: pick(LAST_NAMES) };
    if (!taken.has(`${person.first_name} ${person.last_name}`)) return person;
  }
}

export function companyName(): string {
  return `${pick(COMPANY_WORDS)} ${pick(['Labs', 'Markets', 'Payments', 'Studios', 'Logistics'])}`;
}

export function fixtureLast4(): string {
  for (;;) {
    const digits = String(randomInt(10_000)).padStart(4, '0');
    if (!MAGIC_LAST4.has(digits) && !digits.startsWith('00')) return digits;
  }
}

/** A US number in the 555-01xx range set aside for fiction. */
export function fixturePhone(): { country_code: string; phone_number: string } {
  return {
    country_code: '1',
    phone_number: `${pick(['212', '415', '512', '617'])}5550${randomInt(100, 200)}`,
  };
}

export function emailFor(first: string, last: string, domain = 'example.com'): string {
  return `${first}.${last}.${randomInt(100_000)}@${domain}`.toLowerCase();
}

/** A compliance record in the vendor's `business-compliance-info` shape. */
export function complianceRecord(companyName: string): Record<string, unknown> {
  return {
    company_info: {
      name: `${companyName} Inc.`,
      dba: companyName,
      website: `https://${companyName.toLowerCase().replaceAll(' ', '-')}.example.com`,
      ein: String(randomInt(100_000_000, 999_999_999)),
      incorporation_type: 'c_corporation',
      incorporation_state: 'DE',
      incorporation_date: '2019-04-01',
      ubo_count: 1,
    },
    contact_info: {
      email: `compliance@${companyName.toLowerCase().replaceAll(' ', '-')}.example.com`,
      phone_number: '4155550100',
      line1: '1 Market Street',
      city: 'San Francisco',
      zip: '94105',
      state: 'CA',
      country: 'US',
    },
    directors: [
      {
        first_name: 'Morgan',
        last_name: 'Avery',
        title: 'Chief Executive Officer',
        phone: '4155550101',
        email: 'morgan.avery@example.com',
        dob: '1980-02-29',
        ownership_percentage: 60,
        ssn: '000000000',
        address: {
          line1: '2 Market Street',
          city: 'San Francisco',
          zip: '94105',
          state: 'CA',
          country: 'US',
        },
      },
    ],
    flow_of_funds: {
      reasons: 'Customers pay by ACH; funds settle to the app wallet and are paid out to sellers.',
      usage: 'A marketplace for handmade goods.',
    },
  };
}

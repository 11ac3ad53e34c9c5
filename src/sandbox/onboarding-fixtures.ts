/** Bodies the onboarding tests and the contract test send: valid by the vendor's document. */

export const W9_INDIVIDUAL = {
  w9: {
    entity_type: 'individual',
    first_name: 'Rae',
    last_name: 'Payee',
    date_of_birth: '1990-04-01',
    tin: '123456789',
    address: {
      line_1: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      country: 'US',
      postcode: '94105',
    },
  },
};

export function businessCompliance(ein = '123456789') {
  return {
    company_info: {
      name: 'Acme Onboarding Inc.',
      website: 'https://acme.example.com',
      ein,
      incorporation_type: 'llc',
      incorporation_state: 'DE',
      incorporation_date: '2020-01-02',
      ubo_count: 1,
    },
    contact_info: {
      email: 'ops@acme.example.com',
      phone_number: '4155550134',
      line1: '1 Market Street',
      city: 'San Francisco',
      zip: '94105',
      state: 'CA',
      country: 'US',
    },
    directors: [
      {
        first_name: 'Ada',
        last_name: 'Owner',
        title: 'CEO',
        phone: '4155550135',
        email: 'ada@acme.example.com',
        dob: '1980-05-06',
        ownership_percentage: 100,
        ssn: '234567891',
        address: {
          line1: '2 Market Street',
          city: 'San Francisco',
          zip: '94105',
          country: 'US',
          state: 'CA',
        },
      },
    ],
    flow_of_funds: {
      reasons: 'Customers pay by card; funds settle to the app wallet and are paid to sellers.',
      usage: 'A marketplace for onboarding tests.',
    },
  };
}

let counter = 0;
/** A new user's body, with an email and a phone no other test user has. */
export function newUserBody(extra: object = {}) {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${counter}`.padStart(7, '0').slice(-7);
  return {
    first_name: 'Rae',
    last_name: `Payee${counter}`,
    email: `rae.${n}@example.com`,
    country_code: '1',
    phone_number: `415${n}`,
    ...extra,
  };
}

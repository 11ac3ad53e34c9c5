import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from '../../../lib/field-errors';
import { businessComplianceSchema } from '../../../lib/requests/onboarding';
import {
  type ComplianceValues,
  complianceFieldOf,
  complianceFormSchema,
  incorporatedInWords,
  toBusinessCompliance,
  websiteProblem,
} from './app-compliance-form';

const FILLED: ComplianceValues = {
  name: 'Acme Marketplace Inc',
  ein: '12-3456789',
  incorporation_date: '2019-03-01',
  incorporation_state: 'DE',
  incorporation_type: 'c_corporation',
  website: 'https://acme.example',
  contact_email: 'ops@acme.example',
  contact_phone: '+1 415 555 0100',
  contact_line1: '1 Market Street',
  contact_city: 'San Francisco',
  contact_state: 'CA',
  contact_zip: '94105',
  director_first_name: 'Dana',
  director_last_name: 'Director',
  director_title: 'CEO',
  director_email: 'dana@acme.example',
  director_phone: '+1 415 555 0101',
  director_dob: '1980-01-02',
  director_ownership: '60',
  director_ssn: '521-87-4963',
  director_line1: '2 Market Street',
  director_city: 'San Francisco',
  director_state: 'CA',
  director_zip: '94105',
  reasons: 'Paying our sellers',
  usage: 'Weekly payouts',
};

describe('toBusinessCompliance', () => {
  it('makes the vendor body the service checks: digits of the EIN and SSN, one director, one owner', () => {
    const body = toBusinessCompliance(FILLED);
    expect(businessComplianceSchema.safeParse(body).success).toBe(true);
    expect(body.company_info.ein).toBe('123456789');
    expect(body.company_info.ubo_count).toBe(1);
    expect(body.directors[0]?.ssn).toBe('521874963');
    expect(body.directors[0]?.ownership_percentage).toBe(60);
    expect(body.company_info).not.toHaveProperty('dba');
  });

  it('names the field of each problem', () => {
    const fieldsOf = (values: ComplianceValues) => {
      const parsed = businessComplianceSchema.safeParse(toBusinessCompliance(values));
      return fieldErrorsFrom(parsed.error?.issues ?? []).map((e) => complianceFieldOf(e.path));
    };
    expect(fieldsOf({ ...FILLED, ein: '1234', director_ownership: '' })).toEqual([
      'ein',
      'director_ownership',
    ]);
    // A director in the US gives their SSN.
    expect(fieldsOf({ ...FILLED, director_ssn: '' })).toEqual(['director_ssn']);
  });
});

describe('what the form says in words', () => {
  it('an ownership above 100 is refused in words', () => {
    const parsed = businessComplianceSchema.safeParse(
      toBusinessCompliance({ ...FILLED, director_ownership: '150' }),
    );
    expect(fieldErrorsFrom(parsed.error?.issues ?? [])).toEqual([
      { path: 'directors.0.ownership_percentage', message: 'A percentage from 0 to 100, like 60' },
    ]);
  });

  it('a website must be a web address', () => {
    expect(websiteProblem('not a url')).toBe('A web address, like https://acme.example');
    expect(websiteProblem('localhost')).toBe('A web address, like https://acme.example');
    expect(websiteProblem('ftp://acme.example')).toBe('A web address, like https://acme.example');
    expect(websiteProblem('https://acme.example')).toBeNull();
    expect(websiteProblem('acme.example/about')).toBeNull();
    expect(websiteProblem('')).toBeNull();
  });

  it('says where and how the company is incorporated in words', () => {
    expect(incorporatedInWords('llc', 'DE')).toBe('LLC, Delaware');
    expect(incorporatedInWords('c_corporation', 'ca')).toBe('C corporation, California');
    expect(incorporatedInWords('llc', 'Ontario')).toBe('LLC, Ontario');
    expect(incorporatedInWords(null, null)).toBe('');
  });
});

describe("the form's schema", () => {
  const issuesOf = (values: ComplianceValues) =>
    Object.fromEntries(
      (complianceFormSchema.safeParse(values).error?.issues ?? [])
        .map((issue) => [issue.path.join('.'), issue.message])
        .reverse(),
    );

  it('gives the body the service checks', () => {
    expect(complianceFormSchema.parse(FILLED)).toEqual(toBusinessCompliance(FILLED));
  });

  it("says every field at fault at once: the service's rules and a website that is no web address", () => {
    expect(issuesOf({ ...FILLED, website: 'not a url', ein: '1234', director_ssn: '' })).toEqual({
      website: 'A web address, like https://acme.example',
      ein: 'An EIN has 9 digits',
      director_ssn: 'A director in the US gives their SSN',
    });
  });
});

import { US_STATES } from '../../../lib/countries';
import { formSchemaFor } from '../../../lib/form-schema';
import { type BusinessCompliance, businessComplianceSchema } from '../../../lib/requests/onboarding';
import { z } from '../../../lib/zod';

/**
 * The app compliance form's flat fields (one director, the usual case), and the vendor's business-compliance-info
 * they make. The EIN and the director's SSN are typed whole each time: the service keeps and answers them by their
 * last four digits only.
 */
export const COMPLIANCE_FIELDS = [
  'name',
  'dba',
  'ein',
  'incorporation_date',
  'incorporation_state',
  'incorporation_type',
  'website',
  'contact_email',
  'contact_phone',
  'contact_line1',
  'contact_city',
  'contact_state',
  'contact_zip',
  'director_first_name',
  'director_last_name',
  'director_title',
  'director_email',
  'director_phone',
  'director_dob',
  'director_ownership',
  'director_ssn',
  'director_line1',
  'director_city',
  'director_state',
  'director_zip',
  'reasons',
  'usage',
] as const;
export type ComplianceField = (typeof COMPLIANCE_FIELDS)[number];
export type ComplianceValues = Partial<Record<ComplianceField, string>>;

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const given = (value: string | undefined) => (value ?? '').trim();

/** The body of PUT /v2/apps/{id}/compliance (a US company, one director who is its one beneficial owner). */
export function toBusinessCompliance(v: ComplianceValues): BusinessCompliance {
  const ssn = digits(v.director_ssn);
  return {
    company_info: {
      name: given(v.name),
      ...(given(v.dba) ? { dba: given(v.dba) } : {}),
      ein: digits(v.ein),
      incorporation_date: given(v.incorporation_date),
      incorporation_state: given(v.incorporation_state),
      incorporation_type: given(
        v.incorporation_type,
      ) as BusinessCompliance['company_info']['incorporation_type'],
      website: given(v.website),
      ubo_count: 1,
    },
    contact_info: {
      email: given(v.contact_email),
      phone_number: given(v.contact_phone),
      line1: given(v.contact_line1),
      city: given(v.contact_city),
      state: given(v.contact_state),
      zip: given(v.contact_zip),
      country: 'US',
    },
    directors: [
      {
        first_name: given(v.director_first_name),
        last_name: given(v.director_last_name),
        title: given(v.director_title),
        phone: given(v.director_phone),
        email: given(v.director_email),
        dob: given(v.director_dob),
        ownership_percentage: Number(given(v.director_ownership) || 'NaN'),
        ...(ssn ? { ssn } : {}),
        address: {
          line1: given(v.director_line1),
          city: given(v.director_city),
          state: given(v.director_state),
          zip: given(v.director_zip),
          country: 'US',
        },
      },
    ],
    flow_of_funds: { reasons: given(v.reasons), usage: given(v.usage) },
  };
}

/** The form's field a path of the body names (as zod or the service reports it). */
const FIELD_OF: Record<string, ComplianceField> = {
  'company_info.name': 'name',
  'company_info.dba': 'dba',
  'company_info.ein': 'ein',
  'company_info.incorporation_date': 'incorporation_date',
  'company_info.incorporation_state': 'incorporation_state',
  'company_info.incorporation_type': 'incorporation_type',
  'company_info.website': 'website',
  'contact_info.email': 'contact_email',
  'contact_info.phone_number': 'contact_phone',
  'contact_info.line1': 'contact_line1',
  'contact_info.city': 'contact_city',
  'contact_info.state': 'contact_state',
  'contact_info.zip': 'contact_zip',
  'directors.0.first_name': 'director_first_name',
  'directors.0.last_name': 'director_last_name',
  'directors.0.title': 'director_title',
  'directors.0.email': 'director_email',
  'directors.0.phone': 'director_phone',
  'directors.0.dob': 'director_dob',
  'directors.0.ownership_percentage': 'director_ownership',
  'directors.0.ssn': 'director_ssn',
  'directors.0.address.line1': 'director_line1',
  'directors.0.address.city': 'director_city',
  'directors.0.address.state': 'director_state',
  'directors.0.address.zip': 'director_zip',
  'flow_of_funds.reasons': 'reasons',
  'flow_of_funds.usage': 'usage',
};

export function complianceFieldOf(path: string): ComplianceField | null {
  return FIELD_OF[path] ?? null;
}

/** The legal forms the vendor knows, in words. */
export const LEGAL_FORMS: Readonly<Record<string, string>> = {
  sole_proprietorship: 'Sole proprietorship',
  partnership: 'Partnership',
  llc: 'LLC',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  non_profit: 'Non-profit',
};

/** "LLC, Delaware": the legal form and the state of incorporation in words (a code the console does not know as is). */
export function incorporatedInWords(
  type: string | null | undefined,
  state: string | null | undefined,
): string {
  const form = type ? (LEGAL_FORMS[type] ?? type) : '';
  const where = state ? (US_STATES[state.trim().toUpperCase()] ?? state) : '';
  return [form, where].filter(Boolean).join(', ');
}

/**
 * What the vendor's schema lets through but a person would not mean: a website that is no web address ("not a url").
 * The vendor takes any text of 3 to 100 characters; the console asks for a host with a dot, with or without https://.
 */
export function websiteProblem(typed: string | undefined): string | null {
  const value = (typed ?? '').trim();
  if (value === '') return null;
  const problem = WEBSITE_PROBLEM;
  if (/\s/.test(value)) return problem;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return problem;
    return /^[^.]+(\.[^.]+)+$/.test(url.hostname) ? null : problem;
  } catch {
    return problem;
  }
}

const WEBSITE_PROBLEM = 'A web address, like https://acme.example';

/**
 * The form's schema: the body it makes, checked by the service's schema and by the console's word on a website, each
 * issue at its field. Both are checked every time, so that every field at fault says so at once.
 */
export const complianceFormSchema = formSchemaFor(
  z.partialRecord(z.enum(COMPLIANCE_FIELDS), z.string()),
  toBusinessCompliance,
  z
    .object({
      company_info: z.object({
        website: z.string().refine((website) => websiteProblem(website) === null, WEBSITE_PROBLEM),
      }),
    })
    .and(businessComplianceSchema),
  (path) => complianceFieldOf(path) ?? undefined,
);

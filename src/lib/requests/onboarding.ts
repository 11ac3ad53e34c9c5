import { countryCallingCode } from '../phone';
import { tinProblem } from '../tin';
import { z } from '../zod';
import { uuid } from './fields';
import { userMetadata } from './users';

/** Bodies of flows, payment customers, apps and the copy of compliance between apps (the vendor's document). */

export const FLOW_STEPS = [
  'compliance',
  'id-verification',
  'manage-payouts',
  'manage-payments',
  'payout',
  'background-check',
  'redirect',
  'pdf-form-fill',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
const stepName = z.enum(FLOW_STEPS, `One of ${FLOW_STEPS.join(', ')}`);

const REDIRECT_URL =
  /^https?:\/\/(www\.)?[-a-zA-Z0-9@:%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,6}\b([-a-zA-Z0-9()@:%_+.~#?&/=]*)$/;

export const flowStepSchema = z.union([
  stepName,
  z
    .object({
      name: stepName,
      auto_payout_enabled: z.boolean().optional(),
      redirect_url: z
        .string()
        .regex(REDIRECT_URL, 'An http(s) address, like https://example.com/done')
        .optional(),
      template_id: z.string().max(100).optional(),
      hide_continue_button: z.boolean().optional(),
    })
    .strict(),
]);

export const createFlowSchema = z
  .object({
    steps: z.array(flowStepSchema).min(1, 'Choose at least one step').max(FLOW_STEPS.length),
    user_id: uuid.optional(),
    hide_go_to_dashboard_on_complete: z.boolean().optional(),
    require_auth: z.boolean().optional(),
    metadata: userMetadata.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const names = body.steps.map((step) => (typeof step === 'string' ? step : step.name));
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', path: ['steps'], message: 'Each step once' });
    }
    body.steps.forEach((step, i) => {
      if (
        (typeof step === 'string' ? step : step.name) === 'redirect' &&
        (typeof step === 'string' || !step.redirect_url)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i],
          message: 'A redirect step needs its redirect_url',
        });
      }
    });
  });
export type CreateFlow = z.infer<typeof createFlowSchema>;

const customerAddress = z
  .object({
    line_1: z.string().trim().min(1, 'Enter the street address').max(100),
    line_2: z.string().max(100).optional(),
    city: z.string().trim().min(1, 'Enter the city').max(100),
    state: z.string().trim().min(2, 'Enter the state').max(60),
    postcode: z.string().trim().min(3, 'Enter the ZIP code').max(20),
    country: z.string().trim().min(2, 'Enter the country').max(60),
  })
  .strict();

/** A payment customer: a person (first and last name) or a business (its name), as the document's `oneOf` says. */
export const createPaymentCustomerSchema = z
  .object({
    first_name: z.string().trim().min(1).max(50).optional(),
    middle_name: z.string().trim().max(50).optional(),
    last_name: z.string().trim().min(1).max(50).optional(),
    business_name: z.string().trim().min(1).max(100).optional(),
    email: z.email('An email address').max(320),
    country_code: countryCallingCode.optional(),
    phone_number: z
      .string()
      .regex(/^[0-9]{4,20}$/, 'The digits of the phone number')
      .optional(),
    address: customerAddress.optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const person = body.first_name !== undefined || body.last_name !== undefined;
    if (person && body.business_name !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['business_name'],
        message: 'A person (first and last name) or a business (its name), not both',
      });
    } else if (person) {
      if (!body.first_name)
        ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'Enter the first name' });
      if (!body.last_name)
        ctx.addIssue({ code: 'custom', path: ['last_name'], message: 'Enter the last name' });
    } else if (body.business_name === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['first_name'],
        message: 'A person gives a first and last name; a business its name',
      });
    }
    if ((body.country_code === undefined) !== (body.phone_number === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_number'],
        message: 'A phone number comes with its country code',
      });
    }
  });
export type CreatePaymentCustomer = z.infer<typeof createPaymentCustomerSchema>;

export const createAppSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(3, 'An app name has 3 to 60 characters')
      .max(60, 'An app name has 3 to 60 characters'),
    metadata: userMetadata.optional(),
  })
  .strict();

const text = (min: number, max: number) => z.string().min(min).max(max);
const directorAddress = z
  .object({
    line1: text(1, 100),
    line2: text(1, 100).optional(),
    city: text(1, 100),
    zip: text(3, 20),
    country: text(2, 60),
    state: text(2, 60),
  })
  .passthrough();

/** The vendor's business-compliance-info; the EIN is kept by the service by its last four. */
export const businessComplianceSchema = z
  .object({
    company_info: z
      .object({
        dba: text(1, 60).optional(),
        ein: z.string().regex(/^[0-9]{9}$/, 'An EIN has 9 digits'),
        incorporation_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD'),
        incorporation_state: z.string().min(2, 'Enter the state'),
        incorporation_type: z.enum(
          ['sole_proprietorship', 'partnership', 'llc', 'c_corporation', 's_corporation', 'non_profit'],
          'The legal form of the company',
        ),
        name: text(3, 100),
        website: text(3, 100),
        ubo_count: z.int().min(1, 'At least one beneficial owner'),
      })
      .passthrough(),
    contact_info: z
      .object({
        email: z.email('An email address').max(100),
        phone_number: text(3, 30),
        line1: text(1, 100),
        line2: text(1, 100).optional(),
        city: text(1, 100),
        zip: text(3, 20),
        state: text(2, 60),
        country: text(2, 60),
      })
      .passthrough(),
    directors: z
      .array(
        z
          .object({
            first_name: text(1, 100),
            last_name: text(1, 100),
            title: text(1, 100),
            phone: text(3, 30),
            email: z.email('An email address'),
            dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD'),
            ownership_percentage: z
              .number('A percentage from 0 to 100, like 60')
              .min(0, 'A percentage from 0 to 100, like 60')
              .max(100, 'A percentage from 0 to 100, like 60'),
            ssn: z
              .string()
              .regex(/^[0-9]{9}$/, 'An SSN has 9 digits')
              .optional(),
            address: directorAddress,
          })
          .passthrough()
          .superRefine((director, ctx) => {
            if (director.ssn === undefined) {
              if (director.address.country === 'US') {
                ctx.addIssue({
                  code: 'custom',
                  path: ['ssn'],
                  message: 'A director in the US gives their SSN',
                });
              }
            } else if (tinProblem(director.ssn, 'individual')) {
              ctx.addIssue({ code: 'custom', path: ['ssn'], message: 'Not a valid SSN' });
            }
          }),
      )
      .min(1, 'At least one director'),
    flow_of_funds: z.object({ reasons: text(3, 400), usage: text(3, 400) }).passthrough(),
  })
  .passthrough()
  .superRefine((body, ctx) => {
    if (body.company_info.ubo_count !== body.directors.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['company_info', 'ubo_count'],
        message: 'The number of beneficial owners is the number of directors given',
      });
    }
  });
export type BusinessCompliance = z.infer<typeof businessComplianceSchema>;

export const copyComplianceBetweenAppsSchema = z
  .object({ source_app_id: uuid, destination_app_id: uuid })
  .strict()
  .refine((body) => body.source_app_id !== body.destination_app_id, {
    message: 'Copy from one app to another',
    path: ['destination_app_id'],
  });

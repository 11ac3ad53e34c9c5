import type { Context, Hono } from 'hono';
import { escapeHtml } from '../../lib/escape-html';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { accountConfirmationProblem, payoutMethodFromForm } from '../../lib/flow-links';
import { formatCents } from '../../lib/money';
import { COUNTRY_CODE_HINT, phoneDigits } from '../../lib/phone';
import type { FlowStep } from '../../lib/requests/onboarding';
import { addPayoutMethodSchema } from '../../lib/requests/payout-methods';
import { createUserSchema, submitComplianceSchema } from '../../lib/requests/users';
import { DEFAULT_VERIFICATION_LOCK_MS } from '../config';
import {
  authenticateFlow,
  claimFlowPayout,
  confirmFlowStep,
  csrfMatches,
  FLOW_PATH,
  type OpenFlow,
  openFlow,
  payoutOffer,
  sendFlowCode,
  submitDetails,
  submitFlowCompliance,
  submitFlowPayoutMethod,
} from '../domain/flows';
import type { Services } from '../services';
import type { SandboxEnv } from './env';
import {
  type FieldErrors,
  FLOW_CSS,
  FLOW_STYLESHEET_PATH,
  field,
  form,
  page,
  radios,
  type Values,
} from './flow-page-html';
import { refusalOf } from './http-error';

/*
 * A flow's hosted pages, at its link (`/flow/{token}`, the token random, never the flow's id): one page per step, a
 * plain form that works without JavaScript. What the payee submits is theirs (their methods and tax form), and the
 * flow's completed_steps grows; then the redirect. A POST carries the page's token, bound to the link (CSRF).
 */

const STEP_TITLES: Record<FlowStep, string> = {
  compliance: 'Your tax form (W-9)',
  'id-verification': 'Confirm your identity',
  'manage-payouts': 'Where your money goes',
  'manage-payments': 'How you pay',
  payout: 'Claim your payout',
  'background-check': 'Background check',
  redirect: 'All set',
  'pdf-form-fill': 'Your form',
};

/** A page's CSP: this origin's stylesheet, no script at all, forms to this origin (and the redirect's). */
function flowPolicy(redirect: string | undefined): string {
  let formAction = "'self'";
  if (redirect) {
    try {
      formAction += ` ${new URL(redirect).origin}`;
    } catch {
      // A redirect URL the schema let through but URL cannot read: the form posts here only.
    }
  }
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function html(c: Context, body: string, status: 200 | 400 | 404 | 409 | 403 = 200, redirect?: string) {
  c.header('Content-Security-Policy', flowPolicy(redirect));
  c.header('Cache-Control', 'no-store');
  return c.html(body, status);
}

function progressOf(open: OpenFlow, step: FlowStep): string {
  const shown: FlowStep[] = open.steps.filter((s) => s !== 'redirect');
  return `Step ${shown.indexOf(step) + 1} of ${shown.length}`;
}

function render(
  open: OpenFlow,
  values: Values,
  errors: FieldErrors,
  db: Services['db'],
  sent = false,
): string {
  const base = { organization: open.organization, errors };
  if (open.page.kind === 'auth') {
    return page({
      ...base,
      title: "Confirm it's you",
      body: `<p>${escapeHtml(open.organization)} asks you to confirm it is you: we send a 6-digit code to your phone ending in ${escapeHtml(open.page.phoneLast4)}.</p>${
        sent ? '<p class="panel" role="status">A code is on its way.</p>' : ''
      }${form(open.flow.csrf, 'auth', '<input type="hidden" name="send" value="1">', sent ? 'Send a new code' : 'Send me a code')}${form(
        open.flow.csrf,
        'auth',
        field(
          {
            name: 'code',
            label: 'Code',
            inputmode: 'numeric',
            autocomplete: 'one-time-code',
            hint: '6 digits',
          },
          {},
          errors,
        ),
        'Confirm',
      )}`,
    });
  }
  if (open.page.kind === 'details') {
    return page({
      ...base,
      title: 'Your details',
      body: `<p>${escapeHtml(open.organization)} asks for a few details to pay you.</p>${form(
        open.flow.csrf,
        'details',
        [
          field({ name: 'first_name', label: 'First name', autocomplete: 'given-name' }, values, errors),
          field({ name: 'last_name', label: 'Last name', autocomplete: 'family-name' }, values, errors),
          field(
            { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', inputmode: 'email' },
            values,
            errors,
          ),
          field(
            {
              name: 'country_code',
              label: 'Country code',
              hint: COUNTRY_CODE_HINT,
              inputmode: 'numeric',
              autocomplete: 'tel-country-code',
            },
            { country_code: '1', ...values },
            errors,
          ),
          field(
            {
              name: 'phone_number',
              label: 'Phone number',
              type: 'tel',
              inputmode: 'tel',
              autocomplete: 'tel-national',
              hint: 'Digits only, like 4155550134',
            },
            values,
            errors,
          ),
        ].join('\n'),
        'Continue',
      )}`,
    });
  }
  if (open.page.kind === 'done') {
    const redirect = open.page.redirect;
    return page({
      ...base,
      title: 'All set',
      body: `<p>Thank you: ${escapeHtml(open.organization)} has what it needs.</p>${
        redirect
          ? `<form method="get" action="${escapeHtml(redirect)}"><button type="submit">Continue</button></form>`
          : '<p>You can close this page.</p>'
      }`,
    });
  }
  const step = open.page.step;
  const title = STEP_TITLES[step];
  const progress = progressOf(open, step);
  if (step === 'compliance') {
    return page({
      ...base,
      title,
      progress,
      body: `<p>The IRS asks us for this before we pay you. Your taxpayer identification number is kept by its last four digits only.</p>${form(
        open.flow.csrf,
        step,
        [
          radios(
            'entity_type',
            'You are',
            [
              { value: 'individual', label: 'An individual' },
              { value: 'business', label: 'A business' },
            ],
            values,
            errors,
          ),
          field(
            {
              name: 'business_name',
              label: 'Business name',
              required: false,
              hint: 'Only for a business',
              autocomplete: 'organization',
            },
            values,
            errors,
          ),
          field({ name: 'first_name', label: 'First name', autocomplete: 'given-name' }, values, errors),
          field({ name: 'last_name', label: 'Last name', autocomplete: 'family-name' }, values, errors),
          field(
            { name: 'date_of_birth', label: 'Date of birth', type: 'date', autocomplete: 'bday' },
            values,
            errors,
          ),
          field(
            {
              name: 'tin',
              label: 'SSN, ITIN or EIN',
              type: 'password',
              inputmode: 'numeric',
              autocomplete: 'off',
              hint: '9 digits; hidden as you type',
            },
            values,
            errors,
          ),
          field({ name: 'line_1', label: 'Street address', autocomplete: 'address-line1' }, values, errors),
          field({ name: 'city', label: 'City', autocomplete: 'address-level2' }, values, errors),
          field(
            { name: 'state', label: 'State', autocomplete: 'address-level1', hint: '2 letters, like CA' },
            values,
            errors,
          ),
          field(
            {
              name: 'postcode',
              label: 'ZIP code',
              inputmode: 'numeric',
              autocomplete: 'postal-code',
              hint: '5 digits, like 94105',
            },
            values,
            errors,
          ),
        ].join('\n'),
        'Submit tax form',
      )}`,
    });
  }
  if (step === 'manage-payouts' || step === 'manage-payments') {
    return page({
      ...base,
      title,
      progress,
      body: `<p>Choose where ${escapeHtml(open.organization)} sends your money.</p>${form(
        open.flow.csrf,
        step,
        [
          radios(
            'platform',
            'Payout method',
            [
              { value: 'paypal', label: 'PayPal' },
              { value: 'venmo', label: 'Venmo' },
              { value: 'ach', label: 'Bank account' },
            ],
            values,
            errors,
          ),
          `<fieldset class="group method-paypal"><legend>PayPal</legend>${field({ name: 'paypal_email', label: 'PayPal email', type: 'email', inputmode: 'email', autocomplete: 'email', required: false }, values, errors)}</fieldset>`,
          `<fieldset class="group method-venmo"><legend>Venmo</legend>${field({ name: 'venmo_phone', label: 'Venmo phone number', type: 'tel', inputmode: 'tel', required: false }, values, errors)}${field({ name: 'venmo_handle', label: 'Venmo handle', required: false, hint: 'Or your @handle' }, values, errors)}</fieldset>`,
          `<fieldset class="group method-ach"><legend>Bank account</legend>${field({ name: 'routing_number', label: 'Routing number', inputmode: 'numeric', required: false, hint: '9 digits' }, values, errors)}${field({ name: 'account_number', label: 'Account number', inputmode: 'numeric', required: false, type: 'password', hint: 'Hidden as you type; we keep its last four digits' }, values, errors)}${field({ name: 'account_number_confirm', label: 'Confirm account number', inputmode: 'numeric', required: false, type: 'password', hint: 'The same number again' }, values, errors)}${radios(
            'account_type',
            'Account type',
            [
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ],
            values,
            errors,
          )}</fieldset>`,
        ].join('\n'),
        'Save payout method',
      )}`,
    });
  }
  if (step === 'payout') {
    const offer = payoutOffer(db, open);
    return page({
      ...base,
      title,
      progress,
      body: `<div class="panel"><p>Your balance: <strong>${escapeHtml(formatCents(offer.wallet))}</strong></p>${
        offer.method ? `<p>Paid to: ${escapeHtml(offer.method.description)}</p>` : ''
      }</div>${
        errors.method ? `<p class="error" id="f-method-error">${escapeHtml(errors.method)}</p>` : ''
      }${form(open.flow.csrf, step, '', offer.wallet > 0 ? `Pay out ${formatCents(offer.wallet)}` : 'Continue')}`,
    });
  }
  return page({
    ...base,
    title,
    progress,
    body: `<p>In the sandbox, this step is done when you confirm.</p>${form(open.flow.csrf, step, '', 'Confirm')}`,
  });
}

/** A form's fields as the vendor's bodies. */
function complianceBody(v: Values) {
  return {
    w9: {
      entity_type: v.entity_type,
      ...(v.business_name ? { business_name: v.business_name } : {}),
      first_name: v.first_name,
      last_name: v.last_name,
      date_of_birth: v.date_of_birth,
      tin: v.tin ?? '',
      address: { line_1: v.line_1, city: v.city, state: v.state, postcode: v.postcode, country: 'US' },
    },
  };
}

/** The form's field a body's path names (the page's names are flat). */
const FIELD_OF: Record<string, string> = {
  'w9.entity_type': 'entity_type',
  'w9.business_name': 'business_name',
  'w9.first_name': 'first_name',
  'w9.last_name': 'last_name',
  'w9.date_of_birth': 'date_of_birth',
  'w9.tin': 'tin',
  'w9.address.line_1': 'line_1',
  'w9.address.city': 'city',
  'w9.address.state': 'state',
  'w9.address.postcode': 'postcode',
  email: 'paypal_email',
  phone_number: 'venmo_phone',
  handle: 'venmo_handle',
};

/**
 * A message the page says in its own words: the date field shows the payee's own calendar format (mm/dd/yyyy in the
 * US), never the wire's YYYY-MM-DD, and sends nothing while what is typed is not a whole date.
 */
const PAGE_MESSAGES: Record<string, string> = {
  date_of_birth: 'Enter your date of birth: month, day and year',
};

function errorsOf(
  issues: Parameters<typeof fieldErrorsFrom>[0],
  step: string,
  extra: FieldErrors = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of fieldErrorsFrom(issues)) {
    const name = step === 'details' ? path : (FIELD_OF[path] ?? path);
    errors[name] ??= PAGE_MESSAGES[name] ?? (message === 'Required' ? 'Fill this in' : message);
  }
  return { ...errors, ...extra };
}

export function mountFlowPages(
  app: Hono<SandboxEnv>,
  { db, now, config }: Pick<Services, 'db' | 'now' | 'config'>,
): void {
  const lockMs = config.verificationLockMs ?? DEFAULT_VERIFICATION_LOCK_MS;
  app.get(FLOW_STYLESHEET_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(FLOW_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  const refused = (c: Context, thrown: unknown) => {
    const refusal = refusalOf(thrown);
    if (!refusal) throw thrown;
    const status = refusal.status === 404 ? 404 : refusal.status === 409 ? 409 : 400;
    return html(
      c,
      page({
        title: status === 404 ? 'Link not found' : 'This link cannot be used',
        organization: 'Payouts',
        body: `<p>${escapeHtml(refusal.message)}</p>`,
      }),
      status,
    );
  };

  app.get(`${FLOW_PATH}/:token`, (c) => {
    try {
      const open = openFlow(db, c.req.param('token'), now());
      return html(c, render(open, {}, {}, db), 200, open.options.redirect_url);
    } catch (thrown) {
      return refused(c, thrown);
    }
  });

  app.post(`${FLOW_PATH}/:token`, async (c) => {
    const token = c.req.param('token');
    let open: OpenFlow;
    try {
      open = openFlow(db, token, now());
    } catch (thrown) {
      return refused(c, thrown);
    }
    const raw = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const values: Values = Object.fromEntries(
      Object.entries(raw)
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .map(([k, v]) => [k, v.trim()]),
    );
    if (!csrfMatches(open.flow, values.csrf ?? '')) {
      return html(
        c,
        page({
          title: 'Please try again',
          organization: open.organization,
          body: '<p>This form is out of date. <a href="">Open the page again</a>.</p>',
        }),
        403,
      );
    }
    const shown =
      open.page.kind === 'details' || open.page.kind === 'auth'
        ? open.page.kind
        : open.page.kind === 'step'
          ? open.page.step
          : 'done';
    // A form of a step already done (a second tab, Back): show where the flow is now.
    if (values.step !== shown) return c.redirect(`${FLOW_PATH}/${token}`, 303);
    const again = (errors: FieldErrors) =>
      html(c, render(open, values, errors, db), 400, open.options.redirect_url);
    try {
      if (shown === 'auth') {
        if (values.send) {
          sendFlowCode(db, open, now(), lockMs);
          return html(c, render(open, {}, {}, db, true), 200, open.options.redirect_url);
        }
        try {
          authenticateFlow(db, open, (values.code ?? '').replace(/\D/g, ''), now(), lockMs);
        } catch (thrown) {
          const refusal = refusalOf(thrown);
          if (!refusal) throw thrown;
          return again({ code: refusal.errors[0]?.message ?? refusal.message });
        }
      } else if (shown === 'details') {
        const parsed = createUserSchema.safeParse({
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          country_code: phoneDigits(values.country_code ?? ''),
          phone_number: (values.phone_number ?? '').replace(/\D/g, ''),
        });
        if (!parsed.success) return again(errorsOf(parsed.error.issues, 'details'));
        submitDetails(db, open, parsed.data, now());
      } else if (shown === 'compliance') {
        const parsed = submitComplianceSchema.safeParse(complianceBody(values));
        if (!parsed.success) return again(errorsOf(parsed.error.issues, shown));
        submitFlowCompliance(db, open, parsed.data, now());
      } else if (shown === 'manage-payouts' || shown === 'manage-payments') {
        const parsed = addPayoutMethodSchema.safeParse(payoutMethodFromForm(values));
        const mismatch = accountConfirmationProblem(values);
        if (!parsed.success) return again(errorsOf(parsed.error.issues, shown, mismatch ?? {}));
        if (mismatch) return again(mismatch);
        submitFlowPayoutMethod(db, open, parsed.data, now());
      } else if (shown === 'payout') {
        claimFlowPayout(db, open, now());
      } else if (shown !== 'done') {
        confirmFlowStep(db, open, shown);
      }
    } catch (thrown) {
      const refusal = refusalOf(thrown);
      if (!refusal) throw thrown;
      if (refusal.errors.length === 0) return refused(c, thrown);
      return again(
        Object.fromEntries(
          refusal.errors.map((e) => [shown === 'details' ? e.path : (FIELD_OF[e.path] ?? e.path), e.message]),
        ),
      );
    }
    return c.redirect(`${FLOW_PATH}/${token}`, 303);
  });
}

import { isUuid } from '../../lib/uuid';

/**
 * The sign-in form's rules, as a plain function: the sign-in page is the first thing every operator loads, and a
 * schema library plus a form library would not fit its first-load budget (README, Budgets). The other forms use
 * react-hook-form with zod schemas.
 */
export interface SignInValues {
  operator: string;
  clientId: string;
  apiKey: string;
  appId: string;
}

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** A message per field that breaks a rule; on a production upstream every action needs an author. */
export function signInErrors(values: SignInValues, production: boolean): SignInErrors {
  const errors: SignInErrors = {};
  const operator = values.operator.trim();
  if (operator.length > 120) errors.operator = 'At most 120 characters';
  else if (production && operator === '')
    errors.operator = 'Enter your name or email: required in production';
  const clientId = values.clientId.trim();
  if (clientId === '') errors.clientId = 'Enter your client ID';
  else if (clientId.length > 200) errors.clientId = 'A client ID is at most 200 characters';
  if (values.apiKey === '') errors.apiKey = 'Enter your API key';
  else if (values.apiKey.length > 500) errors.apiKey = 'An API key is at most 500 characters';
  const appId = values.appId.trim();
  if (appId !== '' && !isUuid(appId)) errors.appId = 'An app ID is a UUID (or leave it empty)';
  return errors;
}

/** A member's sign-in: email and password, then the authenticator's code when the server asks for it. */
export interface MemberSignInValues {
  email: string;
  password: string;
  totp: string;
}

export type MemberSignInErrors = Partial<Record<keyof MemberSignInValues, string>>;

export function memberSignInErrors(values: MemberSignInValues, askingForCode: boolean): MemberSignInErrors {
  const errors: MemberSignInErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'Enter your email';
  else if (email.length > 320 || !/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'Enter an email address';
  if (values.password === '') errors.password = 'Enter your password';
  else if (values.password.length > 1000) errors.password = 'A password is at most 1,000 characters';
  if (askingForCode && !/^\d{6}$/.test(values.totp.trim())) errors.totp = 'Enter the 6 digits your app shows';
  return errors;
}

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

import { describe, expect, it } from 'vitest';
import { memberSignInErrors, type SignInValues, signInErrors } from './sign-in-rules';

const good: SignInValues = { operator: '', clientId: 'client', apiKey: 'key', appId: '' };

describe('signInErrors', () => {
  it('accepts credentials alone outside production, and an app id that is a UUID', () => {
    expect(signInErrors(good, false)).toEqual({});
    expect(signInErrors({ ...good, appId: ' 3F1D2C4B-0000-4000-8000-000000000000 ' }, false)).toEqual({});
  });

  it('names every field that is wrong, at once', () => {
    expect(
      signInErrors({ operator: 'x'.repeat(121), clientId: '  ', apiKey: '', appId: 'app-1' }, false),
    ).toEqual({
      operator: 'At most 120 characters',
      clientId: 'Enter your client ID',
      apiKey: 'Enter your API key',
      appId: 'An app ID is a UUID (or leave it empty)',
    });
    expect(signInErrors({ ...good, clientId: 'c'.repeat(201), apiKey: 'k'.repeat(501) }, false)).toEqual({
      clientId: 'A client ID is at most 200 characters',
      apiKey: 'An API key is at most 500 characters',
    });
  });

  it('asks for the operator on a production upstream', () => {
    expect(signInErrors({ ...good, operator: '   ' }, true)).toEqual({
      operator: 'Enter your name or email: required in production',
    });
    expect(signInErrors({ ...good, operator: 'ana@example.com' }, true)).toEqual({});
  });
});

describe('memberSignInErrors', () => {
  it('asks for an email and a password, and for six digits once the code is asked for', () => {
    const values = { email: 'ana@example.com', password: 'x', totp: '' };
    expect(memberSignInErrors(values, false)).toEqual({});
    expect(memberSignInErrors({ email: 'ana', password: '', totp: '12' }, true)).toEqual({
      email: 'Enter an email address',
      password: 'Enter your password',
      totp: 'Enter the 6 digits your app shows',
    });
    expect(memberSignInErrors({ ...values, totp: ' 123456 ' }, true)).toEqual({});
  });
});

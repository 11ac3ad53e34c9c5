import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redact, shellQuote, toCurl } from './redact';

describe('redact', () => {
  it('keeps the last four digits of account numbers and removes secrets, at any depth', () => {
    expect(
      redact({
        amount: 5,
        ach_info: { account_number: '000123456789', routing_number: '021000021' },
        list: [{ api_key: 'sk_x' }],
        note: '000123456789',
      }),
    ).toEqual({
      amount: 5,
      ach_info: { account_number: '•••• 6789', routing_number: '021000021' },
      list: [{ api_key: '[removed]' }],
      note: '000123456789',
    });
  });
});

describe('toCurl', () => {
  it('uses placeholders for the credentials and quotes safely for the shell', () => {
    const command = toCurl({
      method: 'POST',
      url: 'http://h/v2/x?a=1&b=2',
      body: `{"note":"it's"}`,
      appId: 'app-1',
    });
    expect(command).toBe(
      `curl -sS -X POST 'http://h/v2/x?a=1&b=2' -u "$CLIENT_ID:$API_KEY" -H 'Api-App-Id: app-1' -H 'Content-Type: application/json' --data '{"note":"it'\\''s"}'`,
    );
    expect(command).not.toContain('Authorization');
  });

  it('round-trips any text through the shell', () => {
    for (const text of [`it's`, `$HOME "x" \\ \` !`, '']) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
    }
  });
});

describe('tax ids and codes', () => {
  it('keeps the last four digits of a TIN, SSN, EIN or foreign tax id, and removes a verification code', () => {
    const body = { w9: { tin: '521874963' }, company_info: { ein: '461234567' }, token: '123456' };
    expect(redact(body)).toEqual({
      w9: { tin: '•••••4963' },
      company_info: { ein: '•••••4567' },
      token: '[removed]',
    });
    expect(JSON.stringify(redact(body))).not.toMatch(/521874963|461234567|123456/);
  });
});

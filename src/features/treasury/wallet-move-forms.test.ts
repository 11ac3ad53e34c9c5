import { describe, expect, it } from 'vitest';
import { appWalletMoveSchema, organizationMoveSchema } from './wallet-move-forms';

const problemOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe("an app wallet's deposit or withdrawal", () => {
  const schema = appWalletMoveSchema(5_000);

  it('reads dollars into whole cents, the sign left to the direction', () => {
    expect(schema.parse({ direction: 'deposit', amount: '1,234.50' })).toEqual({
      direction: 'deposit',
      amount: 123_450,
    });
  });

  it("says at the amount what does not read, and what the service's bounds refuse", () => {
    expect(problemOf(schema.safeParse({ direction: 'deposit', amount: '' }))).toEqual({
      amount: 'Enter an amount',
    });
    expect(problemOf(schema.safeParse({ direction: 'deposit', amount: '0.00' }))).toEqual({
      amount: 'The amount is at least 1 cent',
    });
    expect(problemOf(schema.safeParse({ direction: 'deposit', amount: '2,000,000' })).amount).toMatch(
      /at most/,
    );
  });

  it('refuses a withdrawal of more than the wallet holds, and takes a deposit of any size', () => {
    expect(problemOf(schema.safeParse({ direction: 'withdraw', amount: '50.01' }))).toEqual({
      amount: 'More than the $50.00 in the wallet',
    });
    expect(schema.safeParse({ direction: 'withdraw', amount: '50.00' }).success).toBe(true);
    expect(schema.safeParse({ direction: 'deposit', amount: '50.01' }).success).toBe(true);
  });
});

describe('a move between the organization and an app', () => {
  const organization = { id: 'org', name: 'Acme', balance: 10_000 };
  const apps = [
    { id: 'a1', name: 'Payroll', balance: 2_000 },
    { id: 'a2', name: 'Rewards', balance: 0 },
  ];
  const schema = organizationMoveSchema(organization, apps);

  it('is refused above what the wallet it leaves holds, naming that wallet', () => {
    expect(problemOf(schema.safeParse({ appId: 'a1', direction: 'to-app', amount: '100.01' }))).toEqual({
      amount: "More than the $100.00 in Acme's wallet",
    });
    expect(
      problemOf(schema.safeParse({ appId: 'a1', direction: 'to-organization', amount: '20.01' })),
    ).toEqual({
      amount: "More than the $20.00 in Payroll's wallet",
    });
    expect(
      problemOf(schema.safeParse({ appId: 'a2', direction: 'to-organization', amount: '0.01' })),
    ).toEqual({
      amount: "More than the $0.00 in Rewards' wallet",
    });
  });

  it('reads the amount into positive cents', () => {
    expect(schema.parse({ appId: 'a1', direction: 'to-app', amount: '100' }).amount).toBe(10_000);
  });
});

/** What an ACH transfer to or from a test account will do (docs/sandbox.md: "Test bank accounts"). */

/** ACH return codes the magic test accounts produce (and the one a payee's wallet account gives). */
export const RETURN_CODES: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R10: 'Customer advises not authorized',
  PAYEE: "The payee's account refused the payout",
};

/** Last four digits of a test account -> its scripted outcome (docs/sandbox.md: "Test bank accounts"). */
export function outcomeForAccount(last4: string): string {
  switch (last4) {
    case '0001':
      return 'fail:R01';
    case '0002':
      return 'fail:R02';
    case '0003':
      return 'fail:R03';
    case '0010':
      return 'reverse:R10';
    default:
      return 'success';
  }
}

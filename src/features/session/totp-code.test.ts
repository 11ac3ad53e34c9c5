import { describe, expect, it } from 'vitest';
import { totpCodeFormSchema } from './totp-code';

describe("the authenticator's code", () => {
  it('is the 6 digits the app shows, spaces around them dropped', () => {
    expect(totpCodeFormSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    for (const code of ['', '12345', '1234567', '12 456', 'abcdef']) {
      expect(totpCodeFormSchema.safeParse({ code }).error?.issues[0]?.message).toBe(
        'Enter the 6 digits your app shows',
      );
    }
  });
});

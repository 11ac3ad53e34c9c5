import { expect, it } from 'vitest';
import { COUNTRY_CODE_MESSAGE, countryCallingCode, formatPhone, phoneDigits } from './phone';

it('writes North American numbers in their groups, others whole, and nothing for none', () => {
  expect(formatPhone('1', '4155550134')).toBe('+1 415-555-0134');
  expect(formatPhone(null, '(415) 555-0134')).toBe('415-555-0134');
  expect(formatPhone('44', '2079460000')).toBe('+44 2079460000');
  expect(formatPhone('1', '555')).toBe('+1 555');
  expect(formatPhone('1', null)).toBe('');
});

it('takes a phone number and a country code as people write them, and keeps what is not a sign of writing', () => {
  expect(phoneDigits('+1')).toBe('1');
  expect(phoneDigits(' +44 ')).toBe('44');
  expect(phoneDigits('(415) 555-0177')).toBe('4155550177');
  expect(phoneDigits('415.555.0177')).toBe('4155550177');
  expect(phoneDigits('4155550177')).toBe('4155550177');
  expect(phoneDigits('415-CALL-NOW')).toBe('415CALLNOW');
  expect(phoneDigits('1+1')).toBe('1+1');
});

it("takes a country calling code the ITU gave a country, and refuses one that is no country's", () => {
  for (const code of ['1', '7', '44', '353', '998'])
    expect(countryCallingCode.safeParse(code).success).toBe(true);
  // "11": the field's "1" and a "1" typed after it, as a new user did.
  for (const code of ['11', '14', '0', '999', '1234', '+1', '']) {
    const parsed = countryCallingCode.safeParse(code);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(COUNTRY_CODE_MESSAGE);
  }
});

import { expect, it } from 'vitest';
import { formatPhone } from './phone';

it('writes North American numbers in their groups, others whole, and nothing for none', () => {
  expect(formatPhone('1', '4155550134')).toBe('+1 415-555-0134');
  expect(formatPhone(null, '(415) 555-0134')).toBe('415-555-0134');
  expect(formatPhone('44', '2079460000')).toBe('+44 2079460000');
  expect(formatPhone('1', '555')).toBe('+1 555');
  expect(formatPhone('1', null)).toBe('');
});

import { describe, expect, it } from 'vitest';
import { bankNameFor, isValidRoutingNumber, routingNumberProblem } from './routing-number';

describe('ABA routing numbers', () => {
  it.each(['021000021', '011000015', '026009593', '121000248', '110000000'])('%s is valid', (routing) => {
    expect(isValidRoutingNumber(routing)).toBe(true);
    expect(routingNumberProblem(routing)).toBeNull();
  });

  it('catches every single-digit change of a valid number', () => {
    const valid = '021000021';
    for (let position = 0; position < 9; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        const changed = valid.slice(0, position) + digit + valid.slice(position + 1);
        if (changed !== valid) expect(isValidRoutingNumber(changed), changed).toBe(false);
      }
    }
  });

  it.each([
    ['', 'Enter the 9-digit routing number'],
    ['02100002', 'Routing number has 9 digits (this has 8)'],
    ['0210000210', 'Routing number has 9 digits (this has 10)'],
    ['02100002a', 'Routing number has digits only'],
    ['123456789', 'This is not a valid ABA routing number (check digit does not match)'],
  ])('%j -> %s', (input, problem) => {
    expect(routingNumberProblem(input)).toBe(problem);
  });

  it('names well-known banks and only those', () => {
    expect(bankNameFor('021000021')).toBe('JPMorgan Chase Bank');
    expect(bankNameFor('011000015')).toBe('Federal Reserve Bank of Boston');
    expect(bankNameFor('031000503')).toBeNull();
  });
});

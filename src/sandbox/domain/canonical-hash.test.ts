import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalHash } from './payments';

describe('the hash of a payment request', () => {
  it('does not depend on key order, at any depth', () => {
    const one = {
      amount: 100,
      ach_info: { routing_number: '021000021', account_number: '1234567' },
      metadata: { b: 1, a: [{ y: 1, x: 2 }] },
    };
    const other = {
      metadata: { a: [{ x: 2, y: 1 }], b: 1 },
      ach_info: { account_number: '1234567', routing_number: '021000021' },
      amount: 100,
    };
    expect(canonicalHash(one)).toBe(canonicalHash(other));
    expect(canonicalHash(one)).not.toBe(canonicalHash({ ...one, amount: 101 }));
    expect(canonicalHash(one)).not.toBe(canonicalHash({ ...one, metadata: { a: [{ x: 1, y: 2 }], b: 1 } }));
  });

  it("hashes RFC 8785's canonical text (keys sorted by code unit, numbers as ECMAScript writes them)", () => {
    const canonical = '{"a":[1,"x"],"b":{"10":true,"9":null},"c":1e+21}';
    expect(canonicalHash({ c: 1e21, b: { 9: null, 10: true }, a: [1, 'x'] })).toBe(
      createHash('sha256').update(canonical).digest('hex'),
    );
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalHash, canonicalJson } from './payments';

/** The first way of writing it, kept as the reference: a sorted copy, then JSON.stringify. */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedCopy((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
const referenceHash = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(sortedCopy(value)) ?? '')
    .digest('hex');

/** Small random JSON-like values, with the keys that order differently: array indexes, unicode, the empty key. */
function randomValue(random: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const kind = depth > 3 ? pick(['leaf']) : pick(['leaf', 'leaf', 'array', 'object', 'object']);
  if (kind === 'array')
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  if (kind === 'object') {
    const keys = [
      'b',
      'a',
      '10',
      '9',
      '0',
      '01',
      '-1',
      '4294967295',
      '4294967294',
      'é',
      'Z',
      '',
      '1.5',
      'key with "quote"',
    ];
    const entries = Array.from({ length: Math.floor(random() * 6) }, () => [
      pick(keys),
      randomValue(random, depth + 1),
    ]);
    return Object.fromEntries(entries);
  }
  return pick([0, -0.125, 1e21, 9007199254740991, 'text', 'ünï\n"', '', true, false, null, undefined]);
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

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
    expect(canonicalJson(one)).toBe(canonicalJson(other));
    expect(canonicalHash(one)).toBe(canonicalHash(other));
    expect(canonicalHash(one)).not.toBe(canonicalHash({ ...one, amount: 101 }));
  });

  it('is the hash the first version stored, for any value (keys already stored keep replaying)', () => {
    const random = seeded(7);
    for (let i = 0; i < 2000; i++) {
      const value = randomValue(random);
      expect(canonicalHash(value), JSON.stringify(value)).toBe(referenceHash(value));
    }
    expect(canonicalJson({ 10: 'a', 9: 'b', b: 1, a: undefined, c: [undefined] })).toBe(
      '{"9":"b","10":"a","b":1,"c":[null]}',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { possibleDuplicates } from './bill-duplicates';

const now = Date.parse('2026-03-31T12:00:00Z');
const bill = (
  id: string,
  number: string,
  amount: number,
  status = 'created',
  created = '2026-03-20T00:00:00Z',
) => ({
  id,
  number,
  amount,
  status,
  created,
});

describe('possibleDuplicates', () => {
  it('warns of the same number (not cancelled) and of the same amount in the last 30 days', () => {
    const others = [
      bill('a', 'INV-1', 100),
      bill('b', 'inv-2', 500),
      bill('c', 'INV-3', 500, 'created', '2026-02-01T00:00:00Z'),
      bill('d', 'INV-4', 900, 'canceled'),
    ];
    expect(
      possibleDuplicates({ number: 'INV-1', amount: 1 }, others, now).map((d) => [d.other.id, d.why]),
    ).toEqual([['a', 'number']]);
    expect(possibleDuplicates({ number: 'X', amount: 500 }, others, now).map((d) => d.other.id)).toEqual([
      'b',
    ]);
    expect(possibleDuplicates({ number: 'INV-4', amount: 900 }, others, now)).toEqual([]);
    expect(possibleDuplicates({ id: 'a', number: 'INV-1', amount: 100 }, others, now)).toEqual([]);
  });
});

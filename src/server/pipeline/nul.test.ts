import { describe, expect, it } from 'vitest';
import { nulFieldIn } from './nul';

describe('a NUL in a body', () => {
  it('is found at its path, in objects and arrays', () => {
    expect(nulFieldIn({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(nulFieldIn({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulFieldIn({ a: ['fine', 2, null] })).toBeNull();
  });

  it('is looked for in a body of 100,000 nested arrays without overflowing the stack (a 500 before)', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulFieldIn({ deep })).toMatch(/^deep(\.0)+$/);
  });
});

import { describe, expect, it } from 'vitest';
import { personName } from './fixtures';

describe('personName', () => {
  it('never gives a name already taken, even when all but one are', () => {
    const all = new Set<string>();
    // Every name there is, seen by drawing until no new one comes for a long while.
    for (let misses = 0; misses < 5_000; ) {
      const { first_name, last_name } = personName();
      const full = `${first_name} ${last_name}`;
      if (all.has(full)) misses++;
      else all.add(full);
    }
    const [left, ...taken] = [...all];
    for (let draw = 0; draw < 20; draw++) {
      const person = personName(new Set(taken));
      expect(`${person.first_name} ${person.last_name}`).toBe(left);
    }
  });
});

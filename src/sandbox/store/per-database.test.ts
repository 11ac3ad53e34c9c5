import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rememberedLookups } from './per-database';

describe('remembered look-ups', () => {
  it('loads a key once, forgets nothing it found until the limit, then starts over', () => {
    const remembered = rememberedLookups<string>(2);
    const db = new Database(':memory:');
    const loads: string[] = [];
    const lookUp = (key: string) =>
      remembered(db, key, () => {
        loads.push(key);
        return key.toUpperCase();
      });
    expect([lookUp('a'), lookUp('a'), lookUp('b'), lookUp('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(loads).toEqual(['a', 'b']);
    lookUp('c'); // the limit: the memory starts over with c
    lookUp('a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not remember an absence, and keeps each database apart', () => {
    const remembered = rememberedLookups<string>(10);
    const one = new Database(':memory:');
    const other = new Database(':memory:');
    let exists = false;
    expect(remembered(one, 'k', () => (exists ? 'found' : undefined))).toBeUndefined();
    exists = true;
    expect(remembered(one, 'k', () => (exists ? 'found' : undefined))).toBe('found');
    expect(remembered(other, 'k', () => 'another')).toBe('another');
  });
});

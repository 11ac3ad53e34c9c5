import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-depth';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('nestsDeeperThan', () => {
  it('lets a body nested as deep as the limit through, and refuses one level more', () => {
    expect(nestsDeeperThan(bytes(`${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}`))).toBe(false);
    expect(nestsDeeperThan(bytes(`${'['.repeat(MAX_BODY_DEPTH + 1)}${']'.repeat(MAX_BODY_DEPTH + 1)}`))).toBe(
      true,
    );
    expect(nestsDeeperThan(bytes('['.repeat(5000)))).toBe(true);
  });

  it('counts objects and arrays together, and closes them', () => {
    expect(nestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":[{"b":[[1]]}]}'), 4)).toBe(true);
    expect(nestsDeeperThan(bytes('[[[]]][[[]]][[[]]]'), 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const inString = JSON.stringify({ memo: `${'['.repeat(500)}"${'{'.repeat(500)}` });
    expect(nestsDeeperThan(bytes(inString))).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":"\\\\"}'), 1)).toBe(false);
    expect(nestsDeeperThan(bytes('["é€😀",{"k":"[[["}]'), 2)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN } from './uuid';

describe('isUuid', () => {
  it('takes a UUID in either case, with spaces around it', () => {
    expect(isUuid('3f1d2c4b-0000-4000-8000-000000000000')).toBe(true);
    expect(isUuid(' 3F1D2C4B-0000-7000-8000-00000000000A ')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'app-1',
      '3f1d2c4b00004000800000000000000',
      '3f1d2c4b-0000-4000-8000-00000000000g',
    ]) {
      expect(isUuid(value), value).toBe(false);
    }
    expect(UUID_PATTERN.test(' 3f1d2c4b-0000-4000-8000-000000000000')).toBe(false);
  });
});

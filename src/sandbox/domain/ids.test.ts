import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidV7 } from './ids';

describe('uuidV7', () => {
  it('is a version-7 UUID with the RFC variant, as strict validators expect', () => {
    for (let i = 0; i < 1000; i++) {
      const id = uuidV7();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
  });

  it('starts with the time, so later ids sort after earlier ones', () => {
    const earlier = uuidV7(Date.UTC(2026, 10, 22));
    const later = uuidV7(Date.UTC(2026, 10, 22) + 1);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13).replace('-', '')).toBe(Date.UTC(2026, 10, 22).toString(16).padStart(12, '0'));
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => uuidV7(0)));
    expect(ids.size).toBe(10_000);
  });
});

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir';

const forTheFile = tempDir('temp-dir-file-');
let forOneTest = '';

describe('tempDir', () => {
  it('gives a new, writable directory', () => {
    forOneTest = tempDir('temp-dir-test-');
    writeFileSync(join(forOneTest, 'store.db'), 'x');
    expect(existsSync(join(forOneTest, 'store.db'))).toBe(true);
    expect(forOneTest).not.toBe(forTheFile);
  });

  it('removes what a test asked for once that test ends, and keeps the file-wide one until the file ends', () => {
    expect(existsSync(forOneTest)).toBe(false);
    expect(existsSync(forTheFile)).toBe(true);
  });
});

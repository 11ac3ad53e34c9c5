import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A Mantine component without its stylesheet renders unstyled, silently. Its sheet comes with the file that uses it,
 * or, for the shell's and the shared components', from app/styles.ts: this test finds any file that has neither.
 */
const SRC = resolve(import.meta.dirname);
const SHEETS = resolve(SRC, '../node_modules/@mantine/core/styles');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

const sheetsIn = (text: string) =>
  new Set([...text.matchAll(/import '@mantine\/core\/styles\/(\w+)\.css'/g)].map((m) => m[1] as string));

describe('Mantine stylesheets', () => {
  const shared = sheetsIn(readFileSync(join(SRC, 'app/styles.ts'), 'utf8'));

  it('every Mantine component a file uses has its sheet, beside it or in app/styles.ts', () => {
    const missing: string[] = [];
    for (const file of tsxFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const own = sheetsIn(text);
      for (const match of text.matchAll(/import \{([^}]*)\} from '@mantine\/core'/g)) {
        const names = (match[1] as string).split(',').map((name) => name.trim().replace(/^type\s+/, ''));
        for (const name of names) {
          if (!existsSync(join(SHEETS, `${name}.css`))) continue;
          if (!own.has(name) && !shared.has(name)) missing.push(`${relative(SRC, file)}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds a component whose sheet is missing (the check can fail)', () => {
    expect(existsSync(join(SHEETS, 'Progress.css'))).toBe(true);
    expect(shared.has('Progress')).toBe(false);
  });
});

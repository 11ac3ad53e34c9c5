import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new directory under the system's temporary one, removed when the test that asked for it ends (or, asked for
 * outside a test, when the process ends): every `npm test` used to leave its stores, audit logs and test builds
 * behind, hundreds of directories on a machine that runs them often. A directory made as a module loads lives as long
 * as the module: where files share one module graph (vitest.config.ts), that is longer than the file that loaded it.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test (vitest says so by throwing).
    removedAtExit.push(remove);
  }
  return dir;
}

const removedAtExit: (() => void)[] = [];
process.once('exit', () => {
  for (const remove of removedAtExit) remove();
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, onTestFinished } from 'vitest';

/**
 * A new directory under the system's temporary one, removed when the test that asked for it ends (or, asked for
 * outside a test, when the file's tests end): every `npm test` used to leave its stores, audit logs and test builds
 * behind, hundreds of directories on a machine that runs them often.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (expect.getState().currentTestName === undefined) afterAll(remove);
  else onTestFinished(remove);
  return dir;
}

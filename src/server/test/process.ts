import { type ChildProcess, spawn } from 'node:child_process';

/** A console server as its own process (`src/server/main.ts`) with these settings; resolves with its URL. */
export function startConsoleProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', DATABASE_URL: '', SANDBOX_SETTLE_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`console server exited early (${code})`)));
  });
}

#!/usr/bin/env node
// Runs the Dockerfile's steps where no container engine is at hand: on a clean clone of HEAD, each stage in a folder
// of its own (its WORKDIR under it), COPY and RUN as written, then the last stage's CMD as an unprivileged user
// (`node` in the image, `nobody` here) until /healthz and /readyz answer. It checks what the image would hold
// (no development dependency) and that it serves; not what only an engine does (layers, the base image's own files).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const repo = resolve(dirname(new URL(import.meta.url).pathname), '..');
const work = mkdtempSync(join(tmpdir(), 'image-check-'));
chmodSync(work, 0o755);
const context = join(work, 'context');
execFileSync('git', ['clone', '--quiet', repo, context], { stdio: 'inherit' });
const USERS = { node: 'nobody' };

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text) {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [word, ...rest] = line.split(/\s+/);
      return { word: word.toUpperCase(), args: rest.join(' ') };
    });
}

const stages = new Map();
let stage = null;
for (const { word, args } of instructions(readFileSync(join(context, 'Dockerfile'), 'utf8'))) {
  if (word === 'FROM') {
    const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.size}`;
    const root = join(work, 'stages', name);
    mkdirSync(root, { recursive: true });
    chmodSync(root, 0o755);
    stage = { name, root, workdir: root, env: {}, user: 'root', cmd: null };
    stages.set(name, stage);
    console.log(`# stage ${name}`);
    continue;
  }
  const at = (path) => (path.startsWith('/') ? join(stage.root, path) : join(stage.workdir, path));
  if (word === 'WORKDIR') {
    stage.workdir = at(args);
    mkdirSync(stage.workdir, { recursive: true });
    chmodSync(stage.workdir, 0o755);
  } else if (word === 'ENV') {
    for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) stage.env[match[1]] = match[2];
  } else if (word === 'COPY') {
    const parts = args.split(/\s+/);
    const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
    const paths = parts.filter((p) => !p.startsWith('--'));
    const destArg = paths.pop();
    const dest = at(destArg);
    const intoFolder = destArg.endsWith('/') || destArg === '.' || paths.length > 1;
    for (const source of paths) {
      const src = from ? join(stages.get(from).root, source) : join(context, source);
      const target = source === '.' ? dest : intoFolder ? join(dest, source.split('/').pop()) : dest;
      console.log(`COPY ${from ? `${from}:` : ''}${source} -> ${target.slice(stage.root.length)}`);
      cpSync(src, target, { recursive: true, filter: (path) => !path.startsWith(join(context, '.git')) });
    }
  } else if (word === 'RUN') {
    let command = args.replaceAll(' /app', ` ${join(stage.root, 'app')}`);
    for (const [image, host] of Object.entries(USERS))
      command = command.replaceAll(`-o ${image} -g ${image}`, `-o ${host}`);
    console.log(`RUN ${args}`);
    execFileSync('bash', ['-euo', 'pipefail', '-c', command], {
      cwd: stage.workdir,
      env: { ...process.env, ...stage.env },
      stdio: 'inherit',
    });
  } else if (word === 'USER') {
    stage.user = USERS[args] ?? args;
  } else if (word === 'CMD') {
    stage.cmd = JSON.parse(args);
  }
}

const final = stage;
const devOnly = ['vite', 'tsx', 'vitest', '@playwright/test', 'typescript'];
const present = devOnly.filter((name) => existsSync(join(final.workdir, 'node_modules', name)));
if (present.length > 0) throw new Error(`The image holds development dependencies: ${present.join(', ')}`);

const port = await new Promise((done) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => done(free));
  });
});
const env = {
  ...final.env,
  PATH: process.env.PATH,
  HOST: '127.0.0.1',
  PORT: String(port),
  SANDBOX_SETTLE_MS: '0',
};
console.log(`CMD ${final.cmd.join(' ')} (as ${final.user}, port ${port})`);
const child = spawn('runuser', ['-u', final.user, '--', ...final.cmd], {
  cwd: final.workdir,
  env,
  stdio: 'inherit',
});
let failed = null;
try {
  const deadline = Date.now() + 60_000;
  for (const path of ['/healthz', '/readyz', '/']) {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
      if (answer?.ok) {
        console.log(`GET ${path}: ${answer.status}`);
        break;
      }
      if (Date.now() > deadline) throw new Error(`GET ${path} did not answer 200 within a minute`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
} catch (error) {
  failed = error;
} finally {
  child.kill('SIGTERM');
}
rmSync(work, { recursive: true, force: true });
if (failed) {
  console.error(`image check failed: ${failed.message}`);
  process.exit(1);
}
console.log('image check: the built image serves as a non-root user, without development dependencies');

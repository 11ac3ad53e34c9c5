import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditAction } from './lib/audit-actions';
import type { V2Row } from './server/pipeline/v2-row';
import { V2_ROWS } from './server/pipeline/v2-table';

/**
 * The house rules of the layout (README, "Where things are"), held by a test so that breaking one fails `npm test`:
 * a feature never imports another feature or the shell; shared code never imports a feature; pure helpers stay pure;
 * browser and Node code stay apart; no import cycles; every mutation says what goes into the activity log; money leaves
 * the browser through one door and a file runs on one engine, its features mirrored part for part. And the
 * servers' (docs/sandbox.md, "Structure"): the console server mounts the sandbox and uses nothing else of it; the
 * sandbox's routes -> domain -> store hold (routes never touch the store, the domain never speaks HTTP, SQL only in
 * the store); the console server's routes -> services -> repositories hold (a route never holds the database, SQL only
 * in db/, a service never speaks HTTP), and none of its folders grows past 15 files.
 */
const SRC = resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts'];
const files = sourceFiles(SRC);
const known = new Set(files);

/** Each file's imports: relative ones resolved to files of src/, packages by name. */
function importsOf(file: string): { local: string[]; packages: string[] } {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s+['"]([^'"]+)['"]/g)]
    .concat([...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)])
    .concat([...text.matchAll(/(?:^|\n)import\s+['"]([^'"]+)['"]/g)])
    .map((match) => match[1] as string);
  const local: string[] = [];
  const packages: string[] = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) {
      packages.push(specifier);
      continue;
    }
    const base = resolve(dirname(file), specifier);
    const found = EXTENSIONS.map((ext) => base + ext).find((path) => known.has(path));
    if (found) local.push(found);
  }
  return { local, packages };
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));
const at = (file: string) => relative(SRC, file).split('\\').join('/');
/** 'features/payments-file', 'app', 'lib', 'sandbox', ... */
function area(file: string): string {
  const parts = at(file).split('/');
  return parts[0] === 'features' ? `features/${parts[1]}` : ((parts.length > 1 ? parts[0] : '') as string);
}

const BROWSER = ['app', 'components', 'api', 'lib'];
const NODE = ['node', 'server', 'sandbox'];
const isBrowser = (a: string) => BROWSER.includes(a) || a.startsWith('features/');

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** "from → to" for every import that breaks `allowed`; tests may bring up a server, so `production` leaves them out. */
function breaches(allowed: (from: string, to: string) => boolean, production = false): string[] {
  const found: string[] = [];
  for (const [file, { local }] of graph) {
    if (production && isTest(file)) continue;
    for (const target of local) {
      if (!allowed(area(file), area(target))) found.push(`${at(file)} → ${at(target)}`);
    }
  }
  return found;
}

describe('the layout', () => {
  it('a feature imports no other feature and not the shell', () => {
    expect(
      breaches(
        (from, to) =>
          !from.startsWith('features/') || (to !== 'app' && (to === from || !to.startsWith('features/'))),
      ),
    ).toEqual([]);
  });

  it('shared code (components, api, lib) imports no feature and not the shell', () => {
    expect(
      breaches(
        (from, to) =>
          !['components', 'api', 'lib'].includes(from) || !(to === 'app' || to.startsWith('features/')),
      ),
    ).toEqual([]);
  });

  it('api does not import components; lib imports only lib', () => {
    expect(breaches((from, to) => from !== 'api' || to !== 'components')).toEqual([]);
    expect(breaches((from, to) => from !== 'lib' || to === 'lib')).toEqual([]);
  });

  it('lib is pure: no React, no HTTP, no Node', () => {
    const impure = [...graph]
      .filter(([file]) => area(file) === 'lib' && !isTest(file))
      .flatMap(([file, { packages }]) =>
        packages.filter((p) => /^(react|@tanstack|@mantine|node:)/.test(p)).map((p) => `${at(file)} → ${p}`),
      );
    expect(impure).toEqual([]);
  });

  it('browser code imports no Node code, and Node code no browser code but lib', () => {
    expect(breaches((from, to) => !isBrowser(from) || !NODE.includes(to), true)).toEqual([]);
    expect(breaches((from, to) => !NODE.includes(from) || !isBrowser(to) || to === 'lib', true)).toEqual([]);
    const reactInNode = [...graph]
      .filter(([file]) => NODE.includes(area(file)) && !isTest(file))
      .flatMap(([file, { packages }]) =>
        packages.filter((p) => /^(react|@mantine|@tanstack\/react)/.test(p)).map((p) => `${at(file)} → ${p}`),
      );
    expect(reactInNode).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map(at).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file)?.local ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('every mutation is declared with its activity-log line (through useDescribedMutation)', () => {
    const direct = files.filter(
      (file) => at(file) !== 'api/activity-log.ts' && /\buseMutation\s*[(<]/.test(readFileSync(file, 'utf8')),
    );
    expect(direct.map(at)).toEqual([]);
  });
});

/*
 * The browser's house (README, "Where things are"): money leaves through one door, a file runs on one engine. Each
 * rule is a function of the files' paths and texts, so that "the checks themselves" can show it failing on a
 * deliberate violation.
 */
interface Source {
  /** Its path under src/, with forward slashes. */
  path: string;
  text: string;
  packages: string[];
  /** The files of src/ it imports, by their paths under src/. */
  local?: string[];
}
const browserSources: Source[] = files
  .filter((file) => isBrowser(area(file)) && !isTest(file))
  .map((file) => ({
    path: at(file),
    text: readFileSync(file, 'utf8'),
    packages: graph.get(file)?.packages ?? [],
    local: (graph.get(file)?.local ?? []).map(at),
  }));

/** The api/ functions that make money move; only api/ and a file's run (features/<x>-file/<x>-file-send.ts) call them. */
const MONEY_SENDERS = /\b(createPayment|createPayout|createPayoutBatch|sendMoneyRow)\s*\(/;
const isFileRun = (path: string) => /^features\/([a-z]+)-file\/\1-file-send\.ts$/.test(path);
/** A kind of money sent by hand (`payoutMoney.send(`, `kind.send(`): only the one submission and api/money.ts do. */
const KIND_SENT = /\b(kind|[a-z]+Money)\.send\s*\(/;

function moneyOutsideItsDoor(sources: readonly Source[]): string[] {
  return sources.flatMap(({ path, text }) => [
    ...(MONEY_SENDERS.test(text) && !path.startsWith('api/') && !isFileRun(path)
      ? [`${path} sends money itself: a form uses useMoneySubmission, a file's run sendMoneyRow`]
      : []),
    ...(KIND_SENT.test(text) && !['components/use-money-submission.ts', 'api/money.ts'].includes(path)
      ? [`${path} sends a kind of money outside the one submission`]
      : []),
  ]);
}

/** A request sent for another member's approval: one hook sends every kind. */
const SUBMITS_FOR_APPROVAL = /method: 'POST',\s*path: '\/api\/team\/approvals'/g;

/** What only one place says: the code of a used key (the classifier), a bank's rail (railOf), reading CSV (the engine). */
function secondCopies(sources: readonly Source[]): string[] {
  return sources.flatMap(({ path, text, packages }) => [
    ...(/['"`]idempotency-key-used['"`]/.test(text) && path !== 'lib/money-answer.ts'
      ? [`${path} reads a used key itself: lib/money-answer.ts (KEY_USED, classifyMoneyAnswer) does`]
      : []),
    ...(/['"`]bank_transfer['"`]/.test(text) &&
    path !== 'lib/payout-methods.ts' &&
    !path.startsWith('lib/requests/') &&
    // The vendor's document, as types: it lists the word, and maps nothing.
    path !== 'lib/wire/dots-v2.ts'
      ? [`${path} maps bank_transfer itself: lib/payout-methods.ts (railOf) does`]
      : []),
    ...(packages.includes('papaparse') && !path.startsWith('lib/file-engine/')
      ? [`${path} reads CSV itself: lib/file-engine/read-file.ts does`]
      : []),
    ...((text.match(SUBMITS_FOR_APPROVAL) ?? []).length > (path === 'api/approvals.ts' ? 1 : 0)
      ? [`${path} submits for approval itself: api/approvals.ts (useSubmitForApproval) does`]
      : []),
  ]);
}

/** The parts every file feature has, named by its own name: `features/payouts-file/PayoutsFileReview.tsx`, ... */
const FILE_PARTS = ['FilePage.tsx', 'FileReview.tsx', 'FileProgress.tsx', 'FileResults.tsx', 'FileRows.tsx'];
/** A file's steps, in the order they run: each imports only the steps before it (types point forward). */
const FILE_STEPS = ['rows', 'resolve', 'keys', 'plan', 'check', 'send', 'exports'];

function fileFeaturesAstray(sources: readonly Source[]): string[] {
  const features = new Map<string, Source[]>();
  for (const source of sources) {
    const name = source.path.match(/^features\/([a-z]+)-file\//)?.[1];
    if (name) features.set(name, [...(features.get(name) ?? []), source]);
  }
  return [...features].flatMap(([name, parts]) => {
    const title = `${name[0]?.toUpperCase()}${name.slice(1)}`;
    const has = new Set(parts.map((part) => part.path.split('/')[2]));
    const expected = [
      ...FILE_PARTS.map((part) => `${title}${part}`),
      `use-${name}-file.ts`,
      ...FILE_STEPS.map((step) => `${name}-file-${step}.ts`),
    ];
    const stepOf = (file: string) =>
      FILE_STEPS.indexOf(file.match(new RegExp(`^${name}-file-([a-z]+)\\.ts$`))?.[1] ?? '');
    return [
      ...expected.filter((file) => !has.has(file)).map((file) => `features/${name}-file lacks ${file}`),
      ...(parts.some((part) => part.text.includes('/lib/file-engine/'))
        ? []
        : [`features/${name}-file does not run on the engine (lib/file-engine/)`]),
      ...parts.flatMap(({ path, text }) => {
        const step = stepOf(path.split('/')[2] ?? '');
        if (step < 0) return [];
        return [...text.matchAll(/from '\.\/([^']+)'/g)]
          .map((match) => stepOf(`${match[1]}.ts`))
          .filter((imported) => imported < 0 || imported >= step)
          .map(() => `${path} imports a later step or a view: a step imports only the steps before it`);
      }),
    ];
  });
}

/** A field a person types in or picks a value in (Mantine's, the console's search picker); a read-only one takes nothing. */
const TYPED_INPUT =
  /<(TextInput|NumberInput|PasswordInput|Textarea|Select|MultiSelect|Autocomplete|NativeSelect|PinInput|SearchPicker)\b([\s\S]*?)\/>/g;
/** A field whose value is kept by hand: its own onChange reads what was typed. */
const KEPT_BY_HAND = /onChange=\{[^}]*currentTarget\.(value|checked)/;

/** The api/ functions that write (a POST, PUT, PATCH or DELETE in their body), by name. */
function writersOf(sources: readonly Source[]): string[] {
  return sources
    .filter((source) => source.path.startsWith('api/'))
    .flatMap(({ text }) => {
      const parts = text.split(/\nexport (?:async )?function (\w+)/);
      return parts.flatMap((name, i) =>
        i % 2 === 1 && /method:\s*'(POST|PUT|PATCH|DELETE)'/.test(parts[i + 1] ?? '') ? [name] : [],
      );
    });
}

/**
 * The files of src/features and src/components that take what a person types and send it without react-hook-form and a
 * zod schema, each with why. A filter that sends nothing needs no entry.
 */
const OFF_THE_FORM_STACK: Readonly<Record<string, string>> = {
  // The sign-in page's first load is 118.4 of its 120 KiB (e2e/bundle-budget.spec.ts); zod alone is 26 KiB gzip and
  // react-hook-form about 10: its forms keep their plain rules (sign-in-rules.ts, use-plain-form.ts).
  'features/session/SignInForm.tsx': "the sign-in page's first-load budget",
  'features/session/MemberSignInForm.tsx': "the sign-in page's first-load budget",
  'features/session/ProviderSignIn.tsx': "the sign-in page's first-load budget",
  'features/team/TeamPage.tsx':
    "a member's role is an action picked in their row: the pick opens a dialog that names it, only its button sends",
};

/**
 * A component sends typed input when it renders a field a person types in (not read-only) and sends: a mutation's
 * `mutate`, or a writing function of api/, called by itself or by a module of its own feature that it imports (a
 * folder's hook). It is on the card's stack when it uses react-hook-form (a part given the form by its parent does not
 * call useForm; one that does gives it a zodResolver), and no field of it keeps its value by hand.
 */
function formsOffTheStack(sources: readonly Source[]): string[] {
  const writers = writersOf(sources);
  const sendsIn = (text: string) =>
    /\.mutate(Async)?\(/.test(text) || writers.some((name) => new RegExp(`\\b${name}\\s*\\(`).test(text));
  const textOf = new Map(sources.map((source) => [source.path, source.text]));
  return sources.flatMap(({ path, text, packages, local = [] }) => {
    if (!path.startsWith('features/') && !path.startsWith('components/')) return [];
    const fields = [...text.matchAll(TYPED_INPUT)]
      .map((match) => match[2] ?? '')
      .filter((props) => !/\breadOnly\b/.test(props));
    if (fields.length === 0) return [];
    const feature = path.split('/')[1];
    const sends =
      sendsIn(text) ||
      local.some((other) => other.split('/')[1] === feature && sendsIn(textOf.get(other) ?? ''));
    if (!sends) return [];
    const onTheStack =
      packages.includes('react-hook-form') &&
      (!/\buseForm\s*[<(]/.test(text) || /\bzodResolver\(/.test(text)) &&
      !fields.some((props) => KEPT_BY_HAND.test(props));
    const listed = path in OFF_THE_FORM_STACK;
    if (onTheStack)
      return listed ? [`${path} is on react-hook-form now: take it off OFF_THE_FORM_STACK`] : [];
    return listed ? [] : [`${path} sends what a person typed without react-hook-form and a zod schema`];
  });
}

describe("the browser's house", () => {
  it('money leaves through one door: a form through useMoneySubmission, a file through its run', () => {
    expect(moneyOutsideItsDoor(browserSources)).toEqual([]);
  });

  it('every form that sends what a person typed is on react-hook-form with a zod schema', () => {
    expect(formsOffTheStack(browserSources)).toEqual([]);
    // An entry for a file that is gone (moved into a folder of parts, say) would excuse nothing and hide nothing.
    const paths = new Set(browserSources.map((source) => source.path));
    expect(Object.keys(OFF_THE_FORM_STACK).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('one classifier of a used key, one railOf(), one reader of CSV, one way to submit for approval', () => {
    expect(secondCopies(browserSources)).toEqual([]);
  });

  it('every file feature has the same parts, runs on the engine, and its steps import only earlier steps', () => {
    const found = fileFeaturesAstray(browserSources);
    expect(found).toEqual([]);
    expect(
      browserSources.filter((source) => /^features\/[a-z]+-file\//.test(source.path)).length,
    ).toBeGreaterThan(0);
  });
});

/** Where a file is inside the sandbox: 'routes', 'domain', 'store', or its name at the top ('app.ts', ...). */
const sandboxPart = (file: string) => at(file).split('/')[1] ?? '';
const inSandbox = (file: string, ...parts: string[]) =>
  at(file).startsWith('sandbox/') && parts.includes(sandboxPart(file));
const HTTP_PACKAGE = /^(hono|@hono\/)/;
/** Files that speak HTTP: whatever imports Hono, and the one shape of an error answer. */
const speaksHttp = (file: string) =>
  at(file) === 'node/error-body.ts' || (graph.get(file)?.packages ?? []).some((p) => HTTP_PACKAGE.test(p));
/** A test, or a file that only tests use (a harness). */
const forTests = (file: string) => isTest(file) || at(file).split('/').includes('test');

/** "file → target" for each import of the files `from` picks that `allowed` refuses. */
function importsBreaking(
  from: (file: string) => boolean,
  allowed: (target: string, file: string) => boolean,
): string[] {
  return [...graph]
    .filter(([file]) => from(file))
    .flatMap(([file, { local }]) =>
      local.filter((target) => !allowed(target, file)).map((t) => `${at(file)} → ${at(t)}`),
    );
}

describe('the servers and the sandbox', () => {
  it('the console server imports of the sandbox only its app, to mount it (its tests also the test harness)', () => {
    expect(
      importsBreaking(
        (file) => area(file) === 'server',
        (target) =>
          area(target) !== 'sandbox' ||
          at(target) === 'sandbox/app.ts' ||
          at(target).startsWith('sandbox/test/'),
      ),
    ).toEqual([]);
    expect(
      importsBreaking(
        (file) => area(file) === 'server' && !forTests(file),
        (target) => area(target) !== 'sandbox' || at(target) === 'sandbox/app.ts',
      ),
    ).toEqual([]);
  });

  it('sandbox routes reach the store only through the domain, and leave its refusals to it', () => {
    // No look-up of their own (store/), and no refusal of the domain's made in a route: routes/http-error.ts only
    // turns them into HTTP.
    expect(
      importsBreaking(
        (file) => inSandbox(file, 'routes'),
        (target, file) =>
          !inSandbox(target, 'store') &&
          (at(target) !== 'sandbox/domain/errors.ts' || at(file) === 'sandbox/routes/http-error.ts'),
      ),
    ).toEqual([]);
  });

  it("the sandbox's domain never imports HTTP: no Hono, no routes/ (http-error, route helpers), no error bodies", () => {
    const domain = (file: string) => inSandbox(file, 'domain') && !isTest(file);
    const packages = [...graph]
      .filter(([file]) => domain(file))
      .flatMap(([file, { packages }]) =>
        packages.filter((p) => HTTP_PACKAGE.test(p)).map((p) => `${at(file)} → ${p}`),
      );
    expect(packages).toEqual([]);
    expect(
      importsBreaking(
        domain,
        (target) =>
          (inSandbox(target, 'domain', 'store') || area(target) === 'lib' || area(target) === 'node') &&
          !speaksHttp(target),
      ),
    ).toEqual([]);
  });

  it("the sandbox's store is the bottom layer: it imports nothing of the domain, the routes or the app", () => {
    expect(
      importsBreaking(
        (file) => inSandbox(file, 'store') && !isTest(file),
        (target) => area(target) !== 'sandbox' || inSandbox(target, 'store'),
      ),
    ).toEqual([]);
  });

  it('SQL only in the store: elsewhere in the sandbox no statement, no SQLite, and routes open no transaction', () => {
    const outside = [...graph].filter(
      ([file]) => area(file) === 'sandbox' && !inSandbox(file, 'store') && !forTests(file),
    );
    const found = outside.flatMap(([file, { local, packages }]) => [
      ...packages.filter((p) => p === 'better-sqlite3').map((p) => `${at(file)} → ${p}`),
      ...local.filter((t) => at(t) === 'sandbox/store/prepare.ts').map((t) => `${at(file)} → ${at(t)}`),
      ...(/\.(prepare|exec|pragma)\(|\bsql\s*[<(]/.test(readFileSync(file, 'utf8'))
        ? [`${at(file)} runs SQL`]
        : []),
      ...(inSandbox(file, 'routes') && /\.transaction\(/.test(readFileSync(file, 'utf8'))
        ? [`${at(file)} opens a transaction`]
        : []),
    ]);
    expect(found).toEqual([]);
  });
});

/*
 * The console server by concern (README, "Where things are"): a folder per concern or group, and in it routes (one
 * step each: input, a service, an answer), services (the rules, which never see the request) and, in db/, a repository
 * per table (the only SQL).
 */
const inServer = (file: string) => area(file) === 'server' && !forTests(file);
const serverPart = (file: string) => at(file).split('/')[1] ?? '';
/** A route table of a concern (`members/routes.ts`, its `/v2` rows `wallets/v2-rows.ts`), or the `/v2` gate's handler. */
const isRouteFile = (file: string) =>
  inServer(file) &&
  (/^server\/[^/]+\/routes\.ts$/.test(at(file)) ||
    /^server\/[^/]+(\/[^/]+)?\/v2-rows\.ts$/.test(at(file)) ||
    at(file) === 'server/gate/gate.ts');
/** What speaks HTTP in the server: the host (app, its start-up files, the SPA), the pipeline, and the routes. */
const HOST_FILES = ['server/app.ts', 'server/main.ts', 'server/dev.ts', 'server/spa.ts'];
const isHttpLayer = (file: string) =>
  HOST_FILES.includes(at(file)) || serverPart(file) === 'pipeline' || isRouteFile(file);
const DATABASE_PACKAGE = /^(kysely|pg|better-sqlite3)(\/|$)/;
const QUERY_CALL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\.transaction\(\)|\bsql\s*`/;

describe('the console server', () => {
  it('route handlers never import the database: no Kysely, nothing of db/, no hold on team.database', () => {
    const found = [...graph]
      .filter(([file]) => isRouteFile(file))
      .flatMap(([file, { local, packages }]) => [
        ...packages.filter((p) => DATABASE_PACKAGE.test(p)).map((p) => `${at(file)} → ${p}`),
        ...local.filter((t) => at(t).startsWith('server/db/')).map((t) => `${at(file)} → ${at(t)}`),
        ...(/\bteam\.database\b|\.database\.db\b/.test(readFileSync(file, 'utf8'))
          ? [`${at(file)} holds the database`]
          : []),
      ]);
    expect(found).toEqual([]);
  });

  it('only db/ imports Kysely and writes queries: a repository per table, and services compose them', () => {
    const found = [...graph]
      .filter(([file]) => inServer(file) && serverPart(file) !== 'db')
      .flatMap(([file, { packages }]) => [
        ...packages.filter((p) => DATABASE_PACKAGE.test(p)).map((p) => `${at(file)} → ${p}`),
        ...(QUERY_CALL.test(readFileSync(file, 'utf8')) ? [`${at(file)} writes a query`] : []),
      ]);
    expect(found).toEqual([]);
  });

  it('services and repositories never import Hono, nor what speaks HTTP (the pipeline, a route, the host)', () => {
    const service = (file: string) => inServer(file) && !isHttpLayer(file);
    const packages = [...graph]
      .filter(([file]) => service(file))
      .flatMap(([file, { packages }]) =>
        packages.filter((p) => HTTP_PACKAGE.test(p)).map((p) => `${at(file)} → ${p}`),
      );
    expect(packages).toEqual([]);
    expect(importsBreaking(service, (target) => !inServer(target) || !isHttpLayer(target))).toEqual([]);
  });

  it("a concern's tables are typed in db/schema/<concern>.ts and queried in db/repositories/<concern>/ (docs/team.md)", () => {
    // The database's own plumbing: the connection and its transaction, and the list of migrations by key.
    const plumbing = ['server/db/database.ts', 'server/db/migrations.ts'];
    const astray = files
      .filter((file) => inServer(file) && serverPart(file) === 'db')
      .flatMap((file) => {
        const path = at(file);
        const text = readFileSync(file, 'utf8');
        const [folder, ...rest] = path.split('/').slice(2);
        const inSchema = folder === 'schema' && rest.length === 1;
        const inRepositories = folder === 'repositories' && rest.length === 2;
        return [
          ...(/\b(interface|type) \w+Tables\b/.test(text) && !inSchema ? [`${path} types tables`] : []),
          ...(QUERY_CALL.test(text) && !inSchema && !inRepositories && !plumbing.includes(path)
            ? [`${path} writes a query`]
            : []),
          ...((folder === 'schema' && !inSchema) || (folder === 'repositories' && !inRepositories)
            ? [`${path} is not in its concern's place`]
            : []),
        ];
      });
    expect(astray).toEqual([]);
  });

  it('no folder of src/server holds more than 15 files: a concern that grows splits by what it does', () => {
    const crowded = (dir: string): string[] => {
      const entries = readdirSync(dir, { withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile()).length;
      return [
        ...(files > 15 ? [`${relative(SRC, dir)}: ${files} files`] : []),
        ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => crowded(join(dir, entry.name))),
      ];
    };
    expect(crowded(join(SRC, 'server'))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('see imports of every form: static, re-export, dynamic and side-effect', () => {
    const routes = graph.get(join(SRC, 'app/routes.tsx'));
    expect(routes?.local.map(at)).toContain('features/payments/CreatePaymentPage.tsx');
    const main = graph.get(join(SRC, 'main.tsx'));
    expect(main?.local.length).toBeGreaterThan(0);
    expect(area(join(SRC, 'features/payments-file/payments-file-send.ts'))).toBe('features/payments-file');
  });

  it("fail on a deliberate violation of the browser's house", () => {
    const source = (path: string, text: string, packages: string[] = []): Source => ({
      path,
      text,
      packages,
    });
    expect(
      moneyOutsideItsDoor([source('features/bills/PayBillPage.tsx', 'await createPayout(body);')]),
    ).toHaveLength(1);
    expect(
      moneyOutsideItsDoor([source('features/payouts/SendPayoutPage.tsx', 'payoutMoney.send(body, {})')]),
    ).toHaveLength(1);
    expect(
      moneyOutsideItsDoor([source('features/payouts-file/payouts-file-send.ts', 'createPayoutBatch(x)')]),
    ).toEqual([]);
    expect(secondCopies([source('features/payouts/x.ts', "code === 'idempotency-key-used'")])).toHaveLength(
      1,
    );
    expect(
      secondCopies([source('components/PayoutMethodChoice.tsx', "p === 'bank_transfer' ? 'ach' : p")]),
    ).toHaveLength(1);
    expect(
      secondCopies([source('features/payouts-file/payouts-file-rows.ts', '', ['papaparse'])]),
    ).toHaveLength(1);
    const byHand = `const [name, setName] = useState('');
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <Button onClick={() => create.mutate({ name })}>Create</Button>`;
    expect(formsOffTheStack([source('features/apps/NewAppPage.tsx', byHand)])).toHaveLength(1);
    // The mutation in the folder's hook counts; a read-only field, or one on react-hook-form, does not.
    expect(
      formsOffTheStack([
        {
          ...source('features/apps/new-app/NewAppForm.tsx', byHand.replace('create.mutate', 'send')),
          local: ['features/apps/new-app/use-new-app.ts'],
        },
        source('features/apps/new-app/use-new-app.ts', 'create.mutate(body)'),
      ]),
    ).toHaveLength(1);
    expect(
      formsOffTheStack([
        source(
          'features/apps/AppPage.tsx',
          '<TextInput label="Link" readOnly value={url} /> start.mutate(id)',
        ),
      ]),
    ).toEqual([]);
    const onTheStack = `const form = useForm({ resolver: zodResolver(schema) });
      <TextInput label="Name" {...form.register('name')} /> create.mutate(values)`;
    expect(
      formsOffTheStack([source('features/apps/NewAppPage.tsx', onTheStack, ['react-hook-form'])]),
    ).toEqual([]);
    expect(
      formsOffTheStack([
        source('features/apps/NewAppPage.tsx', onTheStack.replace('zodResolver(schema)', ''), [
          'react-hook-form',
        ]),
      ]),
    ).toHaveLength(1);
    const payouts = browserSources.filter((s) => s.path.startsWith('features/payouts-file/'));
    expect(fileFeaturesAstray(payouts)).toEqual([]);
    const backwards = payouts.map((s) =>
      s.path.endsWith('payouts-file-check.ts')
        ? { ...s, text: `${s.text}\nimport type { X } from './payouts-file-send';` }
        : s,
    );
    expect(fileFeaturesAstray(backwards)).toEqual([
      'features/payouts-file/payouts-file-check.ts imports a later step or a view: a step imports only the steps before it',
    ]);
    expect(fileFeaturesAstray(payouts.filter((s) => !s.path.endsWith('PayoutsFileResults.tsx')))).toEqual([
      'features/payouts-file lacks PayoutsFileResults.tsx',
    ]);
  });

  it("know the console server's layers: its routes, its services, its repositories", () => {
    const server = files.filter(inServer).map(at);
    expect(server.filter((file) => isRouteFile(join(SRC, file)))).toEqual(
      expect.arrayContaining([
        'server/identity/routes.ts',
        'server/approvals/routes.ts',
        'server/gate/gate.ts',
      ]),
    );
    expect(isHttpLayer(join(SRC, 'server/pipeline/mount.ts'))).toBe(true);
    expect(isHttpLayer(join(SRC, 'server/approvals/decide.ts'))).toBe(false);
    expect(server).toContain('server/db/repositories/team/members.ts');
    expect(graph.get(join(SRC, 'server/db/database.ts'))?.packages).toContain('kysely');
  });
});

/**
 * The `/v2` calls of the browser (src/api), as `METHOD /v2/path` with `*` for an id the call fills in: each
 * `request({ ... })` or `exchange({ ... })`, each `rawExchange(method, path)` (a bill's invoice), and each typed call
 * `client.POST('/v2/...')`, its path a literal, a template, or a constant of its file (`AP`, `userPath(id)`) read to
 * its text; a segment filled by a parameter whose type is a union of words (`action: BillAction` of its file,
 * `direction: 'deposit' | 'withdraw'`) is each of them, one call per word.
 */
function browserV2Calls(): string[] {
  const calls: string[] = [];
  for (const file of files.filter((f) => at(f).startsWith('api/') && !isTest(f))) {
    calls.push(...v2CallsIn(readFileSync(file, 'utf8')));
  }
  return calls;
}

function v2CallsIn(text: string): string[] {
  const calls: string[] = [];
  const constants = new Map<string, string>();
  for (const m of text.matchAll(/const (\w+) = (?:\([^)]*\)\s*=>\s*)?(['`])(\/v2[^'`]*)\2/g)) {
    constants.set(m[1] as string, (m[3] as string).replace(/\$\{[^}]*\}/g, '*'));
  }
  const unions = new Map<string, string[]>();
  for (const m of text.matchAll(/type (\w+) =((?:\s*\|?\s*'[^']*')+);/g)) {
    unions.set(
      m[1] as string,
      [...(m[2] as string).matchAll(/'([^']*)'/g)].map((w) => w[1] as string),
    );
  }
  const words = new Map<string, string[]>();
  for (const m of text.matchAll(/\b(\w+)\??:\s*(\w+\b|(?:'[^']*'\s*\|\s*)+'[^']*')/g)) {
    const type = m[2] as string;
    const union = type.startsWith("'")
      ? [...type.matchAll(/'([^']*)'/g)].map((w) => w[1] as string)
      : unions.get(type);
    if (union) words.set(m[1] as string, union);
  }
  const pathsOf = (expression: string): string[] => {
    const literal = expression.match(/^(['`])(.*)\1$/s);
    if (!literal) return [constants.get(expression.replace(/\(.*\)$/s, '')) ?? `unread: ${expression}`];
    let paths = [
      (literal[2] as string).replace(
        /\$\{\s*(\w+)(\([^}]*\))?\s*\}/g,
        (all, name: string) => constants.get(name) ?? all,
      ),
    ];
    for (const [name, union] of words) {
      const filled = new RegExp(`\\$\\{\\s*${name}\\s*\\}`);
      paths = paths.flatMap((path) =>
        filled.test(path) ? union.map((w) => path.replace(filled, w)) : [path],
      );
    }
    return paths.map((path) => path.replace(/\$\{[^}]*\}/g, '*').replace(/\{[^}/]*\}/g, '*'));
  };
  const found = (method: string, expression: string) => {
    for (const path of pathsOf(expression.trim())) {
      if (path.startsWith('/v2') || path.startsWith('unread')) calls.push(`${method} ${path}`);
    }
  };
  for (const call of text.matchAll(/\b(?:request|exchange)(?:<[^>]*>)?\(\s*\{/g)) {
    let depth = 0;
    let end = (call.index ?? 0) + call[0].length - 1;
    const start = end;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    const options = text.slice(start, end + 1);
    found(
      options.match(/method:\s*'(\w+)'/)?.[1] ?? 'GET',
      options.match(/\bpath:\s*([^,\n]+)/)?.[1] ?? 'path',
    );
  }
  for (const call of text.matchAll(/\brawExchange\(\s*'(\w+)',\s*([^,)\n]+)/g)) {
    found(call[1] as string, call[2] as string);
  }
  for (const call of text.matchAll(/\.(GET|POST|PUT|PATCH|DELETE)\(\s*(['`][^'`]*['`])/g)) {
    found(call[1] as string, call[2] as string);
  }
  return calls;
}

/** The calls of `calls` that name no row of `rows`: a `*` of a call is an id, and fills only a row's `*`. */
function undeclaredCalls(calls: readonly string[], rows: readonly V2Row[]): string[] {
  return calls.filter((call) => {
    const [method, path = ''] = call.split(' ');
    const got = path.split('/');
    return !rows.some((row) => {
      const want = row.path.split('/');
      return (
        row.method === method &&
        want.length === got.length &&
        want.every((part, i) => part === '*' || part === got[i])
      );
    });
  });
}

/**
 * The writes that move money or change where it goes, decided by what the rows declare: every write that needs `pay`
 * (finance: money and where it goes) or `admin` (who decides it), but those said here to move nothing; and the writes
 * that need less yet decide money, named here. Written out, not read from the rows under test.
 */
const MOVES_NOTHING: Record<string, string> = {
  'payout-link.cancel': 'takes back a link: no money leaves',
  'payment-customer.create': 'a customer to charge later: the charge is its own judged write',
  'app.create': 'an app and its empty wallet',
  'app.compliance.update': "the app's business record",
  'app.kyb-flow.create': "a link to fill in the app's business record",
  'user.delete': 'a payee gone: their money goes nowhere new',
  'app.compliance.copy-between': "one app's business record onto another",
};
const DECIDES_MONEY_BELOW_FINANCE: Record<string, string> = {
  'user.update': "a user's record may name their default payout method (support's)",
  'flow.create': "an onboarding link: where a payee's money will go is set through it (support's)",
  'bill.approve': 'an approval decides whether a bill is paid (any approver of its step)',
  'bill.reject': "a decision on a bill's open step (any approver of its step)",
};
/** A floor, written out too: each of these is a row, and judged, whatever permission it declares. */
const MONEY_ACTIONS = [
  'payment.create',
  'payout.create',
  'payout.send',
  'payout-link.create',
  'payout-request.create',
  'payout-batch.create',
  'deposit.create',
  'withdrawal.create',
  'transfer.create',
  'transfer-batch.create',
  'organization-transfer.create',
  'app.ach-account.set',
  'app.settings.change',
  'user.payout-method.add',
  'user.update',
  'flow.create',
  'vendor-method.add',
  'vendor-method.delete',
  'bill.create',
  'bill.update',
  'bill.approve',
  'bill.pay',
  'ap-policy.create',
  'ap-policy.priority',
  'ap-policy.delete',
];

const movesMoney = (row: V2Row) =>
  row.method !== 'GET' &&
  (((row.permission === 'pay' || row.permission === 'admin') && !(row.action in MOVES_NOTHING)) ||
    row.action in DECIDES_MONEY_BELOW_FINANCE ||
    MONEY_ACTIONS.includes(row.action));

/** The rows of `rows` that move money or change where it goes and have no judge. */
const unjudgedMoneyRows = (rows: readonly V2Row[]) =>
  rows
    .filter((row) => movesMoney(row) && !row.judge)
    .map((row) => `${row.method} ${row.path} (${row.action})`);

describe('the operations of the payout service', () => {
  it('the browser calls only operations the console declares (server/pipeline/v2-table.ts), nothing it would refuse', () => {
    const calls = browserV2Calls();
    expect(calls.length).toBeGreaterThan(60);
    expect(undeclaredCalls(calls, V2_ROWS)).toEqual([]);
  });

  it('every row that moves money or changes where it goes has a judge', () => {
    expect(unjudgedMoneyRows(V2_ROWS)).toEqual([]);
    // Every action named here is a row: a list that names none would hold nothing.
    const actions = new Set(V2_ROWS.map((row) => row.action));
    const named = [
      ...MONEY_ACTIONS,
      ...Object.keys(MOVES_NOTHING),
      ...Object.keys(DECIDES_MONEY_BELOW_FINANCE),
    ];
    expect(named.filter((action) => !actions.has(action as AuditAction))).toEqual([]);
    expect(V2_ROWS.filter((row) => MONEY_ACTIONS.includes(row.action))).toHaveLength(MONEY_ACTIONS.length);
  });

  it('see every form of a call’s path', () => {
    const calls = browserV2Calls();
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /v2/payments',
        'GET /v2/users/*',
        'PATCH /v2/users/*',
        'POST /v2/accounts-payable/payables/*/pay',
        'POST /v2/accounts-payable/payables/*/submit-for-approval',
        'POST /v2/accounts-payable/payables/upload-from-file',
        'GET /v2/accounts-payable/payables/*/file',
        'PUT /v2/apps/*/ach-account',
      ]),
    );
    expect(calls.filter((call) => call.includes('unread'))).toEqual([]);
    expect(v2CallsIn("client.POST('/v2/users/{user_id}/verify', { params })")).toEqual([
      'POST /v2/users/*/verify',
    ]);
  });

  it('fail on an undeclared call and on a money row without its judge', () => {
    expect(
      undeclaredCalls(['POST /v2/payouts.json', 'POST /v2/payments/*', 'GET /v2/users'], V2_ROWS),
    ).toEqual(['POST /v2/payouts.json', 'POST /v2/payments/*']);
    // A call's id never stands for a word of the path.
    expect(undeclaredCalls(['POST /v2/accounts-payable/payables/*/*'], V2_ROWS)).toHaveLength(1);
    expect(
      v2CallsIn(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a source file, read and not run.
        "const AP = '/v2/accounts-payable';\ntype Act = 'pay' | 'refund';\nfunction act(id: string, action: Act) {\n  return request({ method: 'POST', path: `${AP}/payables/${id}/${action}`, body });\n}",
      ),
    ).toEqual(['POST /v2/accounts-payable/payables/*/pay', 'POST /v2/accounts-payable/payables/*/refund']);
    for (const action of [
      'bill.pay',
      'vendor-method.add',
      'withdrawal.create',
      'user.update',
      'app.ach-account.set',
    ]) {
      const unjudged = V2_ROWS.map((row) => (row.action === action ? { ...row, judge: undefined } : row));
      expect(unjudgedMoneyRows(unjudged)).toHaveLength(1);
    }
    const newWrite: V2Row = { method: 'POST', path: '/v2/refunds', permission: 'pay', action: 'v2.other' };
    expect(unjudgedMoneyRows([...V2_ROWS, newWrite])).toEqual(['POST /v2/refunds (v2.other)']);
  });
});

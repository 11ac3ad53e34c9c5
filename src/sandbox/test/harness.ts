import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../app';
import type { SandboxConfig } from '../config';
import type { CreatedTenant } from '../domain/tenant-factory';

/** A sandbox on an in-memory store, driven through its HTTP interface (app.request) as a client would. */
export interface Harness {
  sandbox: Sandbox;
  tenant(options?: {
    compliance?: boolean;
    users?: number;
    transfers?: number;
    onboarding?: boolean;
  }): Promise<CreatedTenant>;
  /** A payment by bank details from the tenant's first user (fields of `extra` added or replaced): the transfer. */
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  pay(tenant: CreatedTenant, accountNumber?: string, extra?: object): Promise<any>;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
}

export interface CallOptions {
  tenant?: Pick<CreatedTenant, 'client_id' | 'api_key'>;
  body?: unknown;
  /** Sent as is (for malformed bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
  text: string;
}

/** The one refusal for "no such thing" and "not yours": no answer tells another tenant's ids apart. */
export const NOT_FOUND_OR_UNAUTHORIZED = {
  success: false,
  error_code: 'not-found-or-unauthorized',
  message: 'Resource not found or unauthorized',
};

export function basic(tenant: Pick<CreatedTenant, 'client_id' | 'api_key'>): string {
  return `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`;
}

export function makeHarness(config: Partial<SandboxConfig> = {}, now?: () => number): Harness {
  const sandbox = createSandbox({
    config: { dbFile: ':memory:', settleMs: 0, idempotencyTtlMs: 24 * 3600_000, ...config },
    now,
  });
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.tenant) headers.Authorization = basic(options.tenant);
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await sandbox.app.request(path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    sandbox,
    call,
    tenant: async (options = {}) => {
      const answer = await call('POST', '/sandbox/tenants', { body: options });
      if (answer.status !== 201) throw new Error(`tenant: ${answer.status} ${answer.text}`);
      return answer.body as CreatedTenant;
    },
    pay: async (tenant, accountNumber = '123456789', extra = {}) => {
      const answer = await call('POST', '/v2/payments', {
        tenant,
        body: {
          amount: 1234,
          platform: 'ach',
          user_id: tenant.users[0]?.id,
          ach_info: { account_number: accountNumber, routing_number: '021000021' },
          ...extra,
        },
      });
      if (answer.status !== 201) throw new Error(`pay: ${answer.status} ${answer.text}`);
      return answer.body;
    },
  };
}

/**
 * An app (the sandbox's, or the console server's) behind a real Node HTTP server: for dropped connections,
 * concurrency over sockets, and what the Node adapter itself writes (headers, compressed files).
 */
export async function listen(app: {
  fetch: (request: Request, env?: never) => Response | Promise<Response>;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const server = serve({ fetch: app.fetch as never, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

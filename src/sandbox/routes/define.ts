import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { UUID_PATTERN } from '../../lib/uuid';
import type { FieldError } from '../../node/error-body';
import { fieldErrorsFrom } from '../../node/error-body';
import { isJsonContentType } from '../../node/json-content-type';
import type { Caller } from '../domain/auth';
import type { Services } from '../services';
import type { SandboxEnv } from './env';
import { HttpError, validationError } from './http-error';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
}

interface HandlerInput<P, Q, B> {
  c: Context<SandboxEnv>;
  params: P;
  query: Q;
  body: B;
  /** Who asks (the tenant; absent on the public /sandbox helpers), the app named by `Api-App-Id`, and when. */
  caller: Caller;
}

/**
 * One operation: its contract (for validation and for the OpenAPI document alike) and its handler. Inputs are
 * parsed before the handler runs; every field problem of the path, query and body is reported in one 400.
 */
export interface RouteDef<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** OpenAPI form: `/v2/users/{user_id}`. */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** Not in the vendor's API: the sandbox adds it. */
  extension?: boolean;
  /** Test helpers under /sandbox take no credentials. */
  public?: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** An empty body is read as `{}` (operations that take no body). */
  bodyOptional?: boolean;
  /** Validates the raw body itself (rules across fields); `body` then only documents it. */
  validateBody?: (raw: unknown) => B;
  responses: Record<number, ResponseDoc>;
  handle: (input: HandlerInput<P, Q, B>) => Response | Promise<Response>;
}

/** Identity with inference: `route({...})` types the handler's inputs from the schemas. */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def as unknown as RouteDef;
}

export function toHonoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

async function readJsonBody(c: Context, optional: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (optional) return {};
    throw new HttpError(400, 'missing-body', 'This request needs a JSON body');
  }
  const contentType = c.req.header('content-type');
  // An operation that takes no body accepts `{}` under any content type (curl -d '{}' says form-urlencoded).
  if (!optional && !isJsonContentType(contentType)) {
    throw new HttpError(415, 'unsupported-media-type', 'Send the body as application/json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'malformed-json', 'The body is not valid JSON');
  }
}

function collect<T>(schema: z.ZodType<T> | undefined, value: unknown, errors: FieldError[]): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  errors.push(...fieldErrorsFrom(result.error.issues));
  return undefined as T;
}

/** Registers the routes, and a 405 with `Allow` for the other methods of each path. */
export function mountRoutes(
  app: Hono<SandboxEnv>,
  routes: readonly RouteDef[],
  { db, now }: Pick<Services, 'db' | 'now'>,
): void {
  const methodsByPath = new Map<string, Method[]>();
  for (const def of routes) {
    const honoPath = toHonoPath(def.path);
    methodsByPath.set(honoPath, [...(methodsByPath.get(honoPath) ?? []), def.method]);
    app.on(def.method, honoPath, async (c) => {
      // Every field problem of the path, the query and the body, in one 400.
      const errors: FieldError[] = [];
      const params = collect(def.params, c.req.param(), errors);
      const query = collect(def.query, c.req.query(), errors);
      const rawBody = def.body ? await readJsonBody(c, def.bodyOptional ?? false) : undefined;
      if (errors.length > 0) throw validationError(errors);
      const body = def.validateBody ? def.validateBody(rawBody) : collect(def.body, rawBody, errors);
      if (errors.length > 0) throw validationError(errors);
      const caller = {
        db,
        tenant: c.get('tenant'),
        appId: c.req.header('api-app-id'),
        nowMs: now(),
        origin: new URL(c.req.url).origin,
      };
      return def.handle({ c, params, query, body, caller });
    });
  }
  for (const [honoPath, methods] of methodsByPath) {
    app.all(honoPath, (c) => {
      const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');
      throw new HttpError(
        405,
        'method-not-allowed',
        `${c.req.method} is not allowed here; use ${allow}`,
        [],
        {
          Allow: allow,
        },
      );
    });
  }
}

/** Answers JSON already serialized (by SQLite: store/transfers.ts), as `c.json` would answer an object. */
export function jsonText(c: Context, json: string, status: 200 | 201 = 200): Response {
  return c.body(json, status, { 'Content-Type': 'application/json' });
}

/** A path parameter that must be a UUID. */
export const uuidParam = (what: string) => z.string().regex(UUID_PATTERN, `${what} must be a UUID`);

/** `limit` of a list: a whole number from 1 to 100, 10 when absent (as the vendor's lists). */
export const limitParam = z
  .string()
  .regex(/^\d+$/, 'A whole number from 1 to 100')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 100, 'A whole number from 1 to 100')
  .optional();

/** The query fields of a page of a list, Stripe's cursors: put last in a list's query object, then `oneCursor` it. */
export const cursorFields = {
  limit: limitParam,
  starting_after: uuidParam('starting_after').optional(),
  ending_before: uuidParam('ending_before').optional(),
};

/** A page starts after one row or ends before one, not both. */
export const oneCursor = <
  T extends { starting_after?: string | undefined; ending_before?: string | undefined },
>(
  query: z.ZodType<T>,
) =>
  query.refine((q) => !(q.starting_after && q.ending_before), {
    message: 'Give starting_after or ending_before, not both',
    path: ['ending_before'],
  });

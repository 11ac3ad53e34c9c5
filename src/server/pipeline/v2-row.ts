import type { Context } from 'hono';
import type { AuditAction } from '../../lib/audit-actions';
import type { Permission } from '../../lib/roles';
import type { Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import type { Reservation } from '../gate/spend';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';

/** A member's `/v2` request as a row's judge sees it: admitted, its body read as the row says. */
export interface Asked<B = unknown> {
  team: Team;
  call: CallService | null;
  c: Context;
  found: SessionMember;
  path: string;
  action: AuditAction;
  /** The ticket the member named (`X-Console-Ticket`), for the trail only. */
  ticket: string | null;
  body: B;
}

/** What a judge decides; every field but `kind` is optional, for the trail's line or the send. */
export type Verdict =
  | {
      kind: 'send';
      /** The body to send in place of the one that came (stamped, or with the server's acting user). */
      body?: string | FormData | undefined;
      amountCents?: number | undefined;
      detail?: string | undefined;
      /** What the member was counted for: released when the service refuses it, or it is never sent. */
      reservation?: Reservation | null;
      /** Runs once the service answered, before the line is written (a note of an approval, say). */
      after?: ((response: Response) => Promise<void>) | undefined;
      /** The answer the member gets in place of the service's (a link taken out of it). */
      answer?: ((response: Response) => Promise<Response>) | undefined;
    }
  | {
      kind: 'refused';
      refusal: Refusal;
      amountCents?: number | null | undefined;
      detail?: string | undefined;
      targets?: string[];
    }
  /** Answered here and not sent: a change that waits for a second member. */
  | {
      kind: 'answered';
      status: 202;
      body: unknown;
      targets: string[];
      action?: AuditAction;
      detail?: string;
    };

/**
 * How a row's body is read before its judge: `json` (an object or any JSON value, sent as JSON), `bill` (JSON or the
 * multipart form of an invoice), `none` (sent as it came).
 */
export type BodyReading = 'json' | 'bill' | 'none';

/**
 * One `/v2` operation the console forwards: declared by the concern that owns it. The gate admits the member to
 * `permission`, reads the body as `body` says, asks `judge`, sends, runs `after`, and writes one line named `action`.
 * A segment `*` of `path` is one id.
 */
export interface V2Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  permission: Permission;
  action: AuditAction;
  body?: BodyReading;
  // biome-ignore lint/suspicious/noExplicitAny: each row's judge reads the body its reading gives.
  judge?: (asked: Asked<any>) => Promise<Verdict>;
  /**
   * Once the service answered: what the member gets back, and what is noted of it (`targets`: the ids the request
   * touched, for a write).
   */
  after?: (asked: Asked, response: Response, targets: string[]) => Promise<Response>;
}

/** The reads of a concern: every read needs `read` and is one kind of line. */
export function reads(...paths: string[]): V2Row[] {
  return paths.map((path) => ({ method: 'GET', path, permission: 'read', action: 'v2.read' }));
}

/** The ids in a `/v2` path (the resources a request acts on), for the trail. */
export function idsInPath(path: string): string[] {
  return path.split('/').filter((part) => /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(part));
}

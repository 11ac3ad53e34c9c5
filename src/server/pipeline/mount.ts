import { zValidator } from '@hono/zod-validator';
import type { Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { BODY_LIMIT_BYTES, limitBodySize } from '../../node/body-limit';
import { fieldErrorsFrom } from '../../node/error-body';
import { invalidFields, notJson, Refusal } from '../errors';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';
import { admit } from './admission';
import { answerRefusal, answerTrailBroken } from './answer';
import { type AuditLine, isWritten, writeLine } from './audit-line';
import { nulFieldIn, nulRefusal } from './nul';
import type { TeamRoute } from './route';

/** The JSON body by its schema, refused as oversized before it is read, or as the fields at fault. */
async function readBody<B>(c: Context, schema: z.ZodType<B>, maxBytes: number): Promise<B | Response> {
  let parsed: { value: B } | Response | undefined;
  const checkSize = limitBodySize(maxBytes);
  const validate = zValidator('json', schema, (result, vc) => {
    if (!result.success) return answerRefusal(vc, invalidFields(fieldErrorsFrom(result.error.issues)));
  });
  try {
    const early = await checkSize(c, async () => {
      const refused = await validate(c, async () => {
        parsed = { value: c.req.valid('json' as never) as B };
      });
      if (refused instanceof Response) parsed = refused;
    });
    if (early instanceof Response) return early;
  } catch (error) {
    if (error instanceof HTTPException && error.status === 400) {
      return answerRefusal(c, notJson());
    }
    throw error;
  }
  if (parsed === undefined) return answerRefusal(c, notJson());
  if (parsed instanceof Response) return parsed;
  const nul = nulFieldIn(parsed.value);
  return nul ? answerRefusal(c, nulRefusal(nul)) : parsed.value;
}

/** Registers each route of the table behind the pipeline. */
export function mountTeamRoutes(app: Hono, team: Team, routes: readonly TeamRoute[]): void {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      const line: AuditLine = { action: route.action, targets: [] };
      // A change that could not be written down is not made (audit/witness.ts).
      if (team.auditWitness.broken && isWritten(c, 200)) return answerTrailBroken(c);
      const admitted = await admit(team, c, route.access);
      if ('refused' in admitted) {
        await writeLine(team, c, line, admitted.member, admitted.refused.status);
        return answerRefusal(c, admitted.refused);
      }
      const member = admitted.member;
      let body: unknown;
      if (route.body && route.bodyOptional && c.req.raw.body === null) {
        body = route.body.parse({});
      } else if (route.body) {
        const read = await readBody(c, route.body, route.maxBodyBytes ?? BODY_LIMIT_BYTES);
        if (read instanceof Response) {
          await writeLine(team, c, line, member, read.status);
          return read;
        }
        body = read;
      }
      const answered = await route.handle({ c, body, member: member as SessionMember, line, team });
      const response = answered instanceof Refusal ? answerRefusal(c, answered) : answered;
      await writeLine(team, c, line, member, response.status);
      return response;
    });
  }
}

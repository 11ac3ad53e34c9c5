import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './error-body';

export const BODY_LIMIT_BYTES = 65_536;

/**
 * A body over BODY_LIMIT_BYTES is refused with 413, in the one error shape, before anything reads it. A declared
 * Content-Length is judged from the header alone; only a chunked body goes through Hono's streaming check, which
 * rebuilds the whole request as a web stream on Node.
 */
export function limitBodySize(): MiddlewareHandler {
  const tooLarge: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    c.json(errorBody('body-too-large', `The body exceeds ${BODY_LIMIT_BYTES} bytes`), 413);
  const streaming = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return streaming(c, next);
    if (Number(declared) > BODY_LIMIT_BYTES) return tooLarge(c);
    await next();
  };
}

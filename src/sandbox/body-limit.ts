import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_LIMIT_BYTES } from './config';
import { errorBody } from './http-error';
import { passThrough } from './middleware';
import { requestHeader } from './request-header';

/**
 * Refuses bodies over BODY_LIMIT_BYTES with 413. A declared Content-Length is checked from the header alone; only a
 * chunked body goes through hono's streaming check. hono's check alone reads `request.body`, which makes the Node
 * adapter build a full WHATWG Request (and an AbortController) for every write: a profile's top cost for payments.
 */
export function limitBodySize(): MiddlewareHandler {
  const tooLarge = (c: Parameters<MiddlewareHandler>[0]) =>
    c.json(errorBody('body-too-large', `The body exceeds ${BODY_LIMIT_BYTES} bytes`), 413);
  const streaming = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  return passThrough((c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const declared = requestHeader(c, 'content-length');
    if (declared !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      return Number(declared) > BODY_LIMIT_BYTES ? tooLarge(c) : next();
    }
    return streaming(c, next);
  });
}

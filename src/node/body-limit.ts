import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './error-body';

export const BODY_LIMIT_BYTES = 65_536;

/** A body over BODY_LIMIT_BYTES is refused with 413, in the one error shape, before anything reads it. */
export function limitBodySize(): MiddlewareHandler {
  return bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => c.json(errorBody('body-too-large', `The body exceeds ${BODY_LIMIT_BYTES} bytes`), 413),
  });
}

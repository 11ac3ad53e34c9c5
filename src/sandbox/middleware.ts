import type { Context, Env, MiddlewareHandler, Next } from 'hono';

/**
 * A middleware that answers at once or hands on next()'s promise. Hono awaits whatever a middleware returns, so it
 * needs no async function of its own: each one costs a promise and microtask turns more on every request.
 */
export function passThrough<E extends Env = Env>(
  handle: (c: Context<E>, next: Next) => Response | ReturnType<MiddlewareHandler<E>>,
): MiddlewareHandler<E> {
  return handle as MiddlewareHandler<E>;
}

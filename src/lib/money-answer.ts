/**
 * What the answer to a request that moves money (a payment, a payout, and whatever else moves money next) says of
 * the money, by its HTTP status (null: no answer at all) and, where the service gives one, its error code. The
 * browser's form and files and the console server's executor act on these alike: only `unknown` and `key-used` may
 * stand for money that moved without an answer saying so, and both are looked up by the request's key before
 * anything is sent again.
 */
export type MoneyAnswer =
  /** 2xx: the service made it (or answered the first one again for the same key). */
  | 'created'
  /** 4xx: refused; nothing was made, and the same body would be refused again. */
  | 'refused'
  /** 401: the credentials were refused; nothing was made. */
  | 'signed-out'
  /** 429: nothing was made; wait, then send the same body again. */
  | 'rate-limited'
  /** 409 `idempotency-key-used`: the service made one with this key before (its answer was lost): look it up. */
  | 'key-used'
  /** No answer, a gateway that gave up, or the service failing (5xx): it may have been made. */
  | 'unknown';

/** The code a service that refuses a key it has seen (the vendor's payouts) answers a second use of it with. */
export const KEY_USED = 'idempotency-key-used';

export function classifyMoneyAnswer(status: number | null, errorCode?: string | null): MoneyAnswer {
  if (status === null || status >= 500 || status < 200) return 'unknown';
  if (status < 300) return 'created';
  if (status === 401) return 'signed-out';
  if (status === 429) return 'rate-limited';
  if (status === 409 && errorCode === KEY_USED) return 'key-used';
  if (status >= 400) return 'refused';
  return 'unknown';
}

/** What a service does with an idempotency key it has seen, for one kind of money in one mode. */
export type KeyOnReuse =
  /** It answers the first request again (the sandbox's payments, like Stripe's): nothing is made twice. */
  | 'replays'
  /** It refuses the second use (409 `idempotency-key-used`: the vendor's payouts): nothing is made twice. */
  | 'refused'
  /** It keeps no key (the vendor's payments take none): a second send may make a second one. */
  | 'not-held';

/**
 * The one rule for sending again after an unknown outcome, for the forms and the files alike. The request is looked
 * up by its key first, always; only when it is not found may the same body go again, and only where the service
 * holds the key (it replays or refuses it), so that a first one that did arrive after all is never made twice.
 * Where the key is not held, nothing is resent: the operator checks again later.
 */
export function mayResend(key: KeyOnReuse): boolean {
  return key !== 'not-held';
}

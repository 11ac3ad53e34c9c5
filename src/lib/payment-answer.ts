/**
 * What the answer to a request that moves money says of the money, by its HTTP status (null: no answer at all). The
 * browser's form and file and the server's executor act on these alike: only `unknown` may have moved money without
 * saying so, and it is looked up by its request id before anything is sent again.
 */
export type AnswerKind =
  /** 2xx: the service made it (or answered the first one again for the same key). */
  | 'created'
  /** 4xx: refused; nothing was made, and the same body would be refused again. */
  | 'refused'
  /** 401: the credentials were refused; nothing was made. */
  | 'signed-out'
  /** 429: nothing was made; wait, then send the same body again. */
  | 'rate-limited'
  /** No answer, a gateway that gave up, or the service failing (5xx): it may have been made. */
  | 'unknown';

export function classifyAnswer(status: number | null): AnswerKind {
  if (status === null || status >= 500 || status < 200) return 'unknown';
  if (status < 300) return 'created';
  if (status === 401) return 'signed-out';
  if (status === 429) return 'rate-limited';
  if (status >= 400) return 'refused';
  return 'unknown';
}

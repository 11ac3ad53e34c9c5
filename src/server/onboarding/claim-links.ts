/**
 * A payout link's URL is a bearer credential for its money: whoever opens it can claim the amount to a method of
 * their own. So a member who may not pay (a viewer, support) reads payout links and payout requests without it: support
 * still sends a link again, and the payee gets it by its delivery; only a paying member sees a link to copy.
 */

const CARRIES_LINKS = /^\/v2\/(payout-links|payout-requests)(\/|$)/;
/**
 * A hosted flow's link is one too: whoever opens it acts as the payee. It leaves once, copied from the answer that
 * made it or mailed to the payee (onboarding/flow-links.ts); read again, it reaches no member, whatever their role.
 */
const FLOW_READS = /^\/v2\/flows(\/|$)/;

export function carriesClaimLinks(path: string): boolean {
  return CARRIES_LINKS.test(path);
}

export function readsFlowLinks(path: string, method: string): boolean {
  return method === 'GET' && FLOW_READS.test(path);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'link' && typeof inner === 'string') continue;
    kept[key] = strip(inner);
  }
  return kept;
}

/** The answer without any payout link's URL (a JSON answer; any other is returned as it is). */
export async function withoutClaimLinks(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(strip(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

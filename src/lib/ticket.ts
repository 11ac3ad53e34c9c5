/**
 * A ticket reference: a support agent's unit of work (ZD-1234, #5821, JIRA/OPS-12), optional on every action of a
 * user's page, sent in the `X-Console-Ticket` header (never in a body the service gets) and written to the audit line
 * and the activity log.
 */
export const TICKET_HEADER = 'X-Console-Ticket';
export const TICKET_PATTERN = /^[A-Za-z0-9#][A-Za-z0-9._#/:-]{0,39}$/;
export const TICKET_RULE = 'Up to 40 letters, digits and . _ # / : -, like ZD-1234';

/** Why a typed ticket reference is refused, or null (an empty one is no ticket). */
export function ticketProblem(value: string): string | null {
  const ticket = value.trim();
  if (ticket === '') return null;
  return TICKET_PATTERN.test(ticket) ? null : TICKET_RULE;
}

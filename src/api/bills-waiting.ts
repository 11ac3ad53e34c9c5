import { useQuery } from '@tanstack/react-query';
import { mayDecideBills } from '../lib/ap-approvers';
import { waitingApprovers } from '../lib/bill-tabs';
import { billQueries, useMyApUser } from './accounts-payable';
import { useCan } from './permissions';

const LIMIT = 100;

/**
 * How many bills wait for the signed-in member's approval: the navigation's count beside Bills and the "Waiting for
 * me" tab's. Read from the open step of each bill waiting for approval (the `waiting_for` filter is the sandbox's
 * extension; upstream the same page is filtered here), again every 30 seconds while the console is open. A bill the
 * member made is not theirs to approve, so it is not counted.
 */
export function useBillsWaitingForMe(): { count: number; label: string } {
  const { apUser } = useMyApUser();
  const reads = useCan('read');
  const list = useQuery({
    ...billQueries.list({ status: 'submitted_for_approval', waiting_for: apUser?.id ?? -1, limit: LIMIT }),
    enabled: reads && apUser !== null,
    refetchInterval: 30_000,
  });
  // An AP user whose role never approves (a maker of bills, a viewer) waits for nothing, though a step names them.
  const me = apUser && mayDecideBills(apUser.role) ? apUser.id : undefined;
  const bills = (list.data?.data ?? []).filter(
    (bill) => me !== undefined && bill.created_by !== me && waitingApprovers(bill).includes(me),
  );
  const more = Boolean(list.data?.has_more) && bills.length >= LIMIT;
  return { count: bills.length, label: more ? `${LIMIT}+` : String(bills.length) };
}

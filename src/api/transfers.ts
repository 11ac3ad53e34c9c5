import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { transferListSchema, transferSchema } from './schemas';

export function getTransfer(transferId: string) {
  return request({
    method: 'GET',
    path: `/v2/transfers/${encodeURIComponent(transferId)}`,
    response: transferSchema,
  });
}

export interface TransferListQuery {
  user_id?: string;
  status?: string;
  type?: string;
  start_date?: string;
  end_date?: string;
  reverse_order?: boolean;
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export function listTransfers(query: TransferListQuery) {
  return request({ method: 'GET', path: '/v2/transfers', query: { ...query }, response: transferListSchema });
}

export const transferQueries = {
  detail: (transferId: string) =>
    queryOptions({ queryKey: ['transfers', transferId], queryFn: () => getTransfer(transferId) }),
  list: (query: TransferListQuery) =>
    queryOptions({ queryKey: ['transfers', 'list', query], queryFn: () => listTransfers(query) }),
};

/**
 * A payment this console sent, found by the idempotency key it put into metadata.console_request_id: the way to
 * learn the outcome of a request whose answer was lost. Looks through the payer's (or all) recent transfers.
 */
export async function findByConsoleRequestId(requestId: string, userId?: string) {
  const recent = await listTransfers({ user_id: userId, limit: 100 });
  return recent.data.find((transfer) => {
    const metadata = transfer.metadata;
    return typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
      ? metadata.console_request_id === requestId
      : false;
  });
}

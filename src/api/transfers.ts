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

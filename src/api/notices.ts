import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { CHANGE_KINDS } from '../lib/live-changes';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';

const noticeSchema = z.object({
  id: z.string(),
  about: z.object({ kind: z.enum(CHANGE_KINDS).exclude(['notice']), id: z.string() }),
  status: z.string().nullable(),
  at: z.string(),
  read: z.boolean(),
  words: z.string(),
  link: z.string().nullable(),
});
export type MemberNotice = z.infer<typeof noticeSchema>;

const noticeListSchema = z.object({ unread: z.number().int().nonnegative(), data: z.array(noticeSchema) });
export type NoticeList = z.infer<typeof noticeListSchema>;

/**
 * The signed-in member's own notices, newest first. Read again when the stream of changes says a notice came
 * (api/live-changes.ts invalidates `['notices']`): never on a timer.
 */
export const noticeQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['notices'],
      queryFn: () => request({ method: 'GET', path: '/api/team/notices', response: noticeListSchema }),
    }),
  mail: () =>
    queryOptions({
      queryKey: ['notices', 'mail'],
      queryFn: () => request({ method: 'GET', path: '/api/team/notices/mail', response: noticeMailSchema }),
    }),
};

const noticeMailSchema = z.object({ email_me: z.boolean(), mail_set_up: z.boolean() });

/** Whether the member's notices come by mail too. */
export function useChangeNoticeMail() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (emailMe: boolean) =>
      request({
        method: 'PUT',
        path: '/api/team/notices/mail',
        body: { email_me: emailMe },
        response: noticeMailSchema,
      }),
    activity: (emailMe) => ({
      action: emailMe ? 'Notices by mail on' : 'Notices by mail off',
      subject: 'notices',
      details: '',
    }),
    onSuccess: (answer) => queryClient.setQueryData(['notices', 'mail'], answer),
  });
}

/** Marks the member's notices read: those named, or all. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (ids?: string[]) =>
      request({
        method: 'POST',
        path: '/api/team/notices/read',
        body: ids ? { ids } : {},
        response: z.object({ marked: z.number().int().nonnegative() }),
      }),
    // Reading one's own notices moves nothing: it is no line of the activity log.
    activity: null,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notices'] }),
  });
}

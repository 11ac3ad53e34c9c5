import '@mantine/core/styles/Checkbox.css';
import { Anchor, Badge, Button, Checkbox, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { type MemberNotice, noticeQueries, useChangeNoticeMail, useMarkNoticesRead } from '../../api/notices';
import { useSession } from '../../features/session/use-session';

const when = (at: string) => new Date(at).toLocaleString();

/** The member's choice of their notices by mail too: off until they ask, and only where the console can send mail. */
function NoticeMailChoice() {
  const mail = useQuery(noticeQueries.mail());
  const change = useChangeNoticeMail();
  if (!mail.data) return null;
  return (
    <Checkbox
      label="Email me about my payments and requests"
      description={mail.data.mail_set_up ? undefined : 'Mail is not set up on this console'}
      disabled={!mail.data.mail_set_up || change.isPending}
      checked={mail.data.email_me}
      onChange={(event) => change.mutate(event.currentTarget.checked)}
    />
  );
}

function NoticeItem({ notice, onOpen }: { notice: MemberNotice; onOpen: () => void }) {
  const words = (
    <Text size="sm" fw={notice.read ? 400 : 700}>
      {notice.words}
    </Text>
  );
  return (
    <li>
      {notice.link ? (
        <Anchor component={Link} to={notice.link} onClick={onOpen} underline="hover">
          {words}
        </Anchor>
      ) : (
        words
      )}
      <Text size="xs" c="dimmed">
        {notice.read ? when(notice.at) : `Unread · ${when(notice.at)}`}
      </Text>
    </li>
  );
}

/**
 * The member's own notices (a request of theirs decided, a payment of theirs failed or returned): a button with the
 * unread count in its name, opening the list, each notice linking to what it is about. Read again when the stream
 * says a notice came, never on a timer; a new one is said politely to a screen reader.
 */
export function NoticesControl() {
  const state = useSession();
  const isMember = state.status === 'active' && Boolean(state.credentials.member);
  const notices = useQuery({ ...noticeQueries.mine(), enabled: isMember });
  const markRead = useMarkNoticesRead();
  const [opened, setOpened] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!notices.data) return;
    const before = seen.current;
    const fresh = before ? notices.data.data.filter((n) => !n.read && !before.has(n.id)) : [];
    if (fresh[0]) setAnnouncement(`New notice: ${fresh[0].words}`);
    seen.current = new Set(notices.data.data.map((n) => n.id));
  }, [notices.data]);

  if (!isMember) return null;
  const unread = notices.data?.unread ?? 0;
  const list = notices.data?.data ?? [];
  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            onClick={() => setOpened((o) => !o)}
            aria-label={`Notices, ${unread} unread`}
            rightSection={
              unread > 0 ? (
                <Badge size="sm" circle>
                  {unread}
                </Badge>
              ) : undefined
            }
          >
            Notices
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Your notices" role="dialog">
          <Stack gap="xs">
            <Text fw={700} size="sm">
              Your notices
            </Text>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing yet: you hear here of your requests decided and your payments that fail or are
                returned
              </Text>
            ) : (
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {list.map((notice) => (
                  <NoticeItem
                    key={notice.id}
                    notice={notice}
                    onOpen={() => {
                      setOpened(false);
                      if (!notice.read) markRead.mutate([notice.id]);
                    }}
                  />
                ))}
              </Stack>
            )}
            {unread > 0 && (
              <Button variant="subtle" size="xs" onClick={() => markRead.mutate(undefined)}>
                Mark all read
              </Button>
            )}
            <NoticeMailChoice />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {/* A log, as the live updates' own: a page's status (what its form did) stays the one status on the page. */}
      <VisuallyHidden role="log" aria-live="polite" aria-atomic="true" aria-label="New notices">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

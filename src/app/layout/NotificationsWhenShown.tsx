import { Notifications, useNotifications } from '@mantine/notifications';
import { useState } from 'react';

/**
 * Mantine's notifications, mounted when the first one is shown and kept from then on (so that the last to go still
 * leaves with its transition). Mounted with the shell, their six transition groups and portals each set state as they
 * mount: a synchronous re-render inside the shell's first commit, which also runs every effect the shell has waiting
 * (its queries' first fetches among them) in that same task. Here a notification is rare: a part of the console that
 * did not load, an id the command palette did not find.
 */
export function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [mounted, setMounted] = useState(false);
  if (!mounted && notifications.length + queue.length > 0) setMounted(true);
  return mounted ? <Notifications position="top-right" /> : null;
}

import { VisuallyHidden } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { type LiveStatus, useLiveChanges } from '../../api/live-changes';
import { announcementOf, type StreamedChange } from '../../lib/live-changes';

/**
 * Every open page follows what changes (api/live-changes.ts), and a change of status is said once, politely, in the
 * shell's one live region: a screen reader hears it after what it is reading, whatever page is open.
 */
export function useLiveUpdates(): { status: LiveStatus; announcer: ReactNode } {
  const [announcement, setAnnouncement] = useState('');
  const onChange = useCallback((change: StreamedChange) => {
    const words = announcementOf(change);
    if (words) setAnnouncement(words);
  }, []);
  const status = useLiveChanges(onChange);
  const announcer = (
    <VisuallyHidden role="log" aria-live="polite" aria-atomic="true" aria-label="Live updates">
      {announcement}
    </VisuallyHidden>
  );
  return { status, announcer };
}

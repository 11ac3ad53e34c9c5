import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RequireSession } from '../../features/session/RequireSession';
import { Shell } from './Shell';

/** Everything behind sign-in, loaded after it: the sign-in page carries none of the shell's code. */
export function SignedInLayout() {
  return (
    <RequireSession>
      {/*
       * Notices sit below the header (console.css) and under the shell's layer: the header's controls (Search,
       * Requests, the colour scheme, Sign out) and the phone's navigation, opened over them, are never covered.
       */}
      <Notifications position="top-right" zIndex={getDefaultZIndex('app') - 1} />
      <Shell />
    </RequireSession>
  );
}

import { Notifications } from '@mantine/notifications';
import { RequireSession } from '../../features/session/RequireSession';
import { Shell } from './Shell';

/** Everything behind sign-in, loaded after it: the sign-in page carries none of the shell's code. */
export function SignedInLayout() {
  return (
    <RequireSession>
      <Notifications position="top-right" />
      <Shell />
    </RequireSession>
  );
}

import { RequireSession } from '../../features/session/RequireSession';
import { NotificationsWhenShown } from './NotificationsWhenShown';
import { Shell } from './Shell';

/** Everything behind sign-in, loaded after it: the sign-in page carries none of the shell's code. */
export function SignedInLayout() {
  return (
    <RequireSession>
      <NotificationsWhenShown />
      <Shell />
    </RequireSession>
  );
}

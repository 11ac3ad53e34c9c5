import { Button, Group, Modal, Text } from '@mantine/core';
import type { SessionState } from '../../api/credentials';
import { MemberSignInForm } from './MemberSignInForm';
import { SignInForm } from './SignInForm';

/** A minute before the idle sign-out: the operator may stay. */
export function StillThereDialog({ timeoutMs, onStay }: { timeoutMs: number; onStay: () => void }) {
  return (
    <Modal opened onClose={onStay} title="Still there?" centered>
      <Text size="sm">
        For security, the console signs you out after {Math.round(timeoutMs / 60_000)} minutes without
        activity. You will be signed out within a minute.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onStay}>Stay signed in</Button>
      </Group>
    </Modal>
  );
}

/** Over the page, which stays mounted: signing in again keeps what the operator typed. */
export function SignInAgainDialog({ state }: { state: Extract<SessionState, { status: 'expired' }> }) {
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Sign in again"
      centered
    >
      <Text size="sm" mb="md">
        {state.reason === 'idle'
          ? 'You were signed out after a period without activity. Sign in again to continue; this page keeps what you typed, except account numbers.'
          : state.member
            ? 'Your session has ended. Sign in again to continue; this page keeps what you typed.'
            : 'The service refused the saved credentials. Sign in again to continue; this page keeps what you typed.'}
      </Text>
      {state.member ? (
        <MemberSignInForm defaults={{ email: state.member.email }} onSignedIn={() => {}} />
      ) : (
        <SignInForm
          defaults={{ clientId: state.clientId, appId: state.appId ?? '', operator: state.operator ?? '' }}
          onSignedIn={() => {}}
        />
      )}
    </Modal>
  );
}

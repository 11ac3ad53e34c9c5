import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useRole } from '../api/permissions';
import { ROLE_LABELS } from '../lib/roles';

export function NotFoundPage() {
  const [pathname] = useLocation();
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Text>
        Nothing lives at <code>{pathname}</code>.{' '}
        <Anchor component={Link} to="/">
          Go to the overview
        </Anchor>
      </Text>
    </Stack>
  );
}

/** A page the member's role does not open (a link from elsewhere, a typed URL): said plainly, never a blank page. */
export function NotForYourRole() {
  const role = useRole();
  return (
    <Stack>
      <Title order={1}>Not available to your role</Title>
      <Text>
        {role ? `As ${ROLE_LABELS[role]}, you cannot use this page.` : 'This page is for team members.'} An
        admin of your team can change your role.{' '}
        <Anchor component={Link} to="/">
          Go to the overview
        </Anchor>
      </Text>
    </Stack>
  );
}

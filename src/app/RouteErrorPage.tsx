import { Alert, Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, useRouteError } from './routing';

/** A page that crashed: say so, keep the way back, never a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong on this page';
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>This page failed</Title>
        <Alert color="red" title="Error">
          {message}
        </Alert>
        <Anchor component={Link} to="/">
          Back to the overview
        </Anchor>
      </Stack>
    </Container>
  );
}

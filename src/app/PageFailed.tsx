import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';

/** A page that threw, or whose code did not load: say so and keep the way back, never a blank screen. */
export function PageFailed({ error }: { error: unknown }) {
  return (
    <Stack maw={720}>
      <Title order={1}>This page failed</Title>
      <Alert color="red" title="Error">
        {error instanceof Error ? error.message : 'Something went wrong on this page'}
      </Alert>
      <Anchor component={Link} to="/">
        Back to the overview
      </Anchor>
    </Stack>
  );
}

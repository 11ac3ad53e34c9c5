import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import { Notice } from '../components/Notice';

/** A page that threw, or whose code did not load: say so and keep the way back, never a blank screen. */
export function PageFailed({ error }: { error: unknown }) {
  return (
    <Stack maw={720}>
      <Title order={1}>This page failed</Title>
      <Notice tone="danger" title="Error">
        {error instanceof Error ? error.message : 'Something went wrong on this page'}
      </Notice>
      <Anchor component={Link} to="/">
        Back to the overview
      </Anchor>
    </Stack>
  );
}

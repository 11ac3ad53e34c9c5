import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'wouter';

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

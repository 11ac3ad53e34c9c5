import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from './routing';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Text>
        Nothing lives at <code>{location.pathname}</code>.{' '}
        <Anchor component={Link} to="/">
          Go to the overview
        </Anchor>
      </Text>
    </Stack>
  );
}

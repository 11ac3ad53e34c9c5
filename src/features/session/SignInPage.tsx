import { Box, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { EnvironmentBadge } from '../../app/layout/EnvironmentBadge';
import { preloadPage } from '../../app/router';
import { Navigate, useNavigate, useSearchParams } from '../../app/routing';
import { SignInForm } from './SignInForm';
import { useSession } from './use-session';

/** Only a path of this console may follow sign-in: never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInPage() {
  const state = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const config = useQuery(runtimeConfigQuery);
  if (state.status === 'active') return <Navigate to={next} replace />;

  return (
    <Container size={460} py={48} component="main">
      <Stack>
        <Stack gap={6}>
          <Title order={1}>Payout Console</Title>
          {/* A row of its own, as tall as the badge before it arrives: nothing below moves when it does. */}
          <Group mih={20}>
            <EnvironmentBadge />
          </Group>
        </Stack>
        {/* index.html paints this heading and this sentence before the code arrives: keep them word for word. */}
        <Text>Sign in with your organization&apos;s API credentials. They stay in this tab only.</Text>
        <Card withBorder padding="lg">
          {/* The page that follows sign-in loads while the operator types. */}
          <Box onFocus={() => void preloadPage(next.split('?')[0] ?? '/')}>
            <SignInForm onSignedIn={() => navigate(next, { replace: true })} />
          </Box>
        </Card>
        {config.data?.demo && (
          <Card withBorder padding="md" aria-label="Demo credentials">
            <Text fw={600}>Demo credentials (local sandbox)</Text>
            <Text size="sm">
              Client ID: <Code>{config.data.demo.client_id}</Code>
            </Text>
            <Text size="sm">
              API key: <Code>{config.data.demo.api_key}</Code>
            </Text>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

import { Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { EnvironmentBadge } from '../../app/layout/EnvironmentBadge';
import { preloadSignedIn } from '../../app/signed-in';
import { SignInForm } from './SignInForm';
import { useSession } from './use-session';

/** Only a path of this console may follow sign-in: never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInPage() {
  const state = useSession();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const config = useQuery(runtimeConfigQuery);
  if (state.status === 'active') return <Redirect to={next} replace />;

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
        <Text>Sign in with your organization&apos;s API credentials. They stay in this tab only.</Text>
        {/* The console's code behind sign-in loads while the operator types. */}
        <Card withBorder padding="lg" onFocus={() => void preloadSignedIn().catch(() => {})}>
          <SignInForm onSignedIn={() => navigate(next, { replace: true })} />
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

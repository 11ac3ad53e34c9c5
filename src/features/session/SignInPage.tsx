import { Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { EnvironmentBadge } from '../../components/EnvironmentBadge';
import { SignInForm } from './SignInForm';
import { useSession } from './use-session';

/** Only a path of this console may follow sign-in: never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** `warmUp` brings the code behind sign-in while the operator types (the shell's to say what that is). */
export function SignInPage({ warmUp }: { warmUp: () => Promise<void> }) {
  const state = useSession();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const config = useQuery(runtimeConfigQuery);
  // The demo's credentials, once the operator asks for them: the form starts again with them filled in.
  const [demoFilled, setDemoFilled] = useState(false);
  const demo = config.data?.demo;
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
        <Card withBorder padding="lg" onFocus={() => void warmUp().catch(() => {})}>
          <SignInForm
            key={demoFilled ? 'demo' : 'blank'}
            defaults={demoFilled && demo ? { clientId: demo.client_id, apiKey: demo.api_key } : undefined}
            onSignedIn={() => navigate(next, { replace: true })}
          />
        </Card>
        {demo && (
          <Card withBorder padding="md" role="group" aria-label="Demo credentials">
            <Text fw={600}>Demo credentials (local sandbox)</Text>
            <Text size="sm">
              Client ID: <Code>{demo.client_id}</Code>
            </Text>
            <Text size="sm">
              API key: <Code>{demo.api_key}</Code>
            </Text>
            <Group mt="sm">
              <Button variant="default" onClick={() => setDemoFilled(true)}>
                Use the demo credentials
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

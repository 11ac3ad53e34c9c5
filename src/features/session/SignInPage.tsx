import { Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { type DemoMember, runtimeConfigQuery } from '../../api/runtime-config';
import { EnvironmentBadge } from '../../components/EnvironmentBadge';
import { Notice } from '../../components/Notice';
import { ROLE_LABELS } from '../../lib/roles';
import { MemberSignInForm } from './MemberSignInForm';
import { ProviderHandoff, ProviderSignInLink } from './ProviderSignIn';
import { SignInForm } from './SignInForm';
import { useSession } from './use-session';

/** Only a path of this console may follow sign-in: never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function DemoTeam({ members, onUse }: { members: DemoMember[]; onUse: (member: DemoMember) => void }) {
  return (
    <Card withBorder padding="md" role="group" aria-label="Demo team">
      <Text fw={600}>Demo team (local sandbox)</Text>
      <Text size="sm" c="dimmed" mb="xs">
        One member per role, with published passwords: this organization exists only on this machine.
      </Text>
      <Stack gap="sm">
        {members.map((member) => (
          // The name and the button on one line, the credentials below, each kept whole (no break inside an email or
          // a password): nothing is cut or broken at a phone's width or a desktop's.
          <Stack key={member.email} gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={600}>
                {ROLE_LABELS[member.role]}: {member.name}
              </Text>
              <Button variant="default" size="xs" onClick={() => onUse(member)} style={{ flexShrink: 0 }}>
                {`Use ${ROLE_LABELS[member.role]}`}
              </Button>
            </Group>
            <Group gap={6}>
              <Code style={{ whiteSpace: 'nowrap' }}>{member.email}</Code>
              <Code style={{ whiteSpace: 'nowrap' }}>{member.password}</Code>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** `warmUp` brings the code behind sign-in while the operator types (the shell's to say what that is). */
export function SignInPage({ warmUp }: { warmUp: () => Promise<void> }) {
  const state = useSession();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const providerCode = params.get('sso');
  const config = useQuery(runtimeConfigQuery);
  // A demo member, once the operator picks one: the form starts again with their email and password filled in.
  const [demo, setDemo] = useState<DemoMember | null>(null);
  if (state.status === 'active') return <Redirect to={next} replace />;
  const team = config.data?.team ?? true;
  const onSignedIn = () => navigate(next, { replace: true });

  return (
    <Container size={520} py={48} component="main">
      <Stack>
        <Stack gap={6}>
          <Title order={1}>Payout Console</Title>
          {/* A row of its own, as tall as the badge before it arrives: nothing below moves when it does. */}
          <Group mih={20}>
            <EnvironmentBadge />
          </Group>
        </Stack>
        {team ? (
          <Text>
            Sign in with your own email and password. Your session stays in this browser&apos;s tabs of the
            console, never on disk: a link opened in a new tab continues it, and signing out ends it in all.
          </Text>
        ) : (
          <Notice tone="warning" title="Use the organization's API key">
            This console server holds no organization credentials, so there are no team members: you sign in
            with the organization&apos;s own key, and can do everything it can. Keep it to yourself.
          </Notice>
        )}
        {/* The console's code behind sign-in loads while the operator types. */}
        <Card withBorder padding="lg" onFocus={() => void warmUp().catch(() => {})}>
          {team && providerCode ? (
            <ProviderHandoff code={providerCode} onSignedIn={onSignedIn} warmUp={warmUp} />
          ) : team ? (
            <Stack>
              {config.data?.sso && <ProviderSignInLink name={config.data.sso.name} />}
              <MemberSignInForm
                key={demo?.email ?? 'blank'}
                defaults={demo ? { email: demo.email, password: demo.password } : undefined}
                onSignedIn={onSignedIn}
              />
            </Stack>
          ) : (
            <SignInForm onSignedIn={onSignedIn} />
          )}
        </Card>
        {config.data?.demo && <DemoTeam members={config.data.demo.members} onUse={setDemo} />}
      </Stack>
    </Container>
  );
}

import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Group,
  NavLink,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { organizationQueries } from '../../api/organizations';
import { useSession, useSignOut } from '../../features/session/use-session';
import { loadWhenIdle, onDemand, useOnDemand } from '../../lib/on-demand';
import { PAGES } from '../navigation';
import { Link, Outlet, useLocation } from '../routing';
import { EnvironmentBadge } from './EnvironmentBadge';

/**
 * Who is signed in, for which organization. Its own component, as the colour-scheme toggle is: the organization
 * query changes state as it fetches, and only this part of the header shows it, so only this part re-renders.
 */
function SignedInAs() {
  const organization = useQuery(organizationQueries.current());
  const state = useSession();
  const operator = state.status === 'active' ? state.credentials.operator : undefined;
  return (
    <>
      {organization.data?.name && (
        <Text size="sm" visibleFrom="sm">
          {organization.data.name}
        </Text>
      )}
      {operator && (
        <Text size="sm" visibleFrom="sm" c="dimmed">
          {operator}
        </Text>
      )}
    </>
  );
}

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computedScheme = useComputedColorScheme('light');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(computedScheme === 'dark' ? 'light' : 'dark')}
      aria-label="Toggle color scheme"
    >
      <span aria-hidden="true">{computedScheme === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}

/** The page links, the current one marked: the only part of the shell that changes with the page. */
function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return PAGES.map((item) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      onClick={onNavigate}
      active={item.to === '/' ? pathname === '/' : pathname.startsWith(item.to)}
    />
  ));
}

// The request log and the command palette open on demand: their code (a drawer, Spotlight, and what only they use)
// is not part of any page's first load. It is asked for once the browser is idle, and when first opened if sooner.
const requestInspector = onDemand(() =>
  import('../../features/inspector/RequestInspector').then((module) => module.RequestInspector),
);
const commandPalette = onDemand(() =>
  import('../../features/palette/CommandPalette').then((module) => module.CommandPalette),
);

function reportUnloaded(what: string): void {
  notifications.show({
    color: 'red',
    title: `The ${what} did not load`,
    message: 'Check the connection to the console, then try again',
  });
}

export function Shell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [inspectorOpened, { open: openInspector, close: closeInspector }] = useDisclosure(false);
  const signOut = useSignOut();

  const [paletteWanted, setPaletteWanted] = useState(false);
  const openPalette = useCallback(() => {
    setPaletteWanted(true);
    spotlight.open(); // the palette opens as it mounts, if its code is still on the way
  }, []);
  useHotkeys([['mod+K', openPalette]], []);
  const paletteUnloaded = useCallback(() => {
    setPaletteWanted(false);
    spotlight.close();
    reportUnloaded('command palette');
  }, []);
  const CommandPalette = useOnDemand(commandPalette, paletteWanted, paletteUnloaded);
  const inspectorUnloaded = useCallback(() => {
    closeInspector();
    reportUnloaded('request log');
  }, [closeInspector]);
  const [inspectorWanted, setInspectorWanted] = useState(false);
  const showInspector = () => {
    setInspectorWanted(true);
    openInspector();
  };
  const RequestInspector = useOnDemand(requestInspector, inspectorWanted, inspectorUnloaded);
  useEffect(() => loadWhenIdle(requestInspector.load, commandPalette.load), []);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
              Payout Console
            </Title>
            <EnvironmentBadge />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SignedInAs />
            <Button variant="default" onClick={openPalette} visibleFrom="md">
              Search (Ctrl+K)
            </Button>
            <Button variant="default" onClick={showInspector} visibleFrom="sm">
              Requests
            </Button>
            <ColorSchemeToggle />
            <Button variant="default" onClick={signOut} visibleFrom="sm">
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label="Main">
        <MainNav onNavigate={close} />
        {/* On a phone the header has room for the brand, the environment and the colour scheme only. */}
        <Stack gap="xs" mt="md" hiddenFrom="sm">
          <Button
            variant="default"
            onClick={() => {
              close();
              showInspector();
            }}
          >
            Requests
          </Button>
          <Button variant="default" onClick={signOut}>
            Sign out
          </Button>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main component="main">
        <Outlet />
      </AppShell.Main>
      {RequestInspector && <RequestInspector opened={inspectorOpened} onClose={closeInspector} />}
      {CommandPalette && <CommandPalette />}
    </AppShell>
  );
}

import {
  ActionIcon,
  AppShell,
  Badge,
  Box,
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
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import {
  lazy,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'wouter';
import { useWaitingForMe } from '../../api/approvals';
import { useBillsWaitingForMe } from '../../api/bills-waiting';
import { organizationQueries } from '../../api/organizations';
import { useRole } from '../../api/permissions';
import { EnvironmentBadge } from '../../components/EnvironmentBadge';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useSession, useSignOut } from '../../features/session/use-session';
import { ROLE_LABELS } from '../../lib/roles';
import { groupNavigation } from '../nav-groups';
import { type NavigationLink, navigationFor, SignedInRoutes } from '../routes';
import { useLiveUpdates } from './live-updates';
import { NoticesControl } from './NoticesControl';
import { focusPageHeading, MAIN_ID } from './page-focus';
import { useMyRequestNotices } from './request-notices';

/**
 * Who is signed in, for which organization. Its own component, as the colour-scheme toggle is: the organization
 * query changes state as it fetches, and only this part of the header shows it, so only this part re-renders.
 */
function SignedInAs() {
  const organization = useQuery(organizationQueries.current());
  const state = useSession();
  const credentials = state.status === 'active' ? state.credentials : undefined;
  const member = credentials?.member;
  return (
    <>
      {organization.data?.name && (
        <Text size="sm" visibleFrom="sm">
          {organization.data.name}
        </Text>
      )}
      {member ? (
        <Text size="sm" visibleFrom="sm" c="dimmed">
          {member.name} · {ROLE_LABELS[member.role]}
        </Text>
      ) : (
        credentials?.operator && (
          <Text size="sm" visibleFrom="sm" c="dimmed">
            {credentials.operator}
          </Text>
        )
      )}
    </>
  );
}

/** Who is signed in, and where, at the foot of a phone's navigation: the header has no room for it there. */
function SignedInOnPhone() {
  const organization = useQuery(organizationQueries.current());
  const state = useSession();
  const credentials = state.status === 'active' ? state.credentials : undefined;
  const member = credentials?.member;
  const who = member ? `${member.name} · ${ROLE_LABELS[member.role]}` : credentials?.operator;
  if (!who) return null;
  return (
    <Text size="sm" c="dimmed">
      Signed in as {who}
      {organization.data?.name ? `, ${organization.data.name}` : ''}
    </Text>
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
function MainNav({ links, onNavigate }: { links: NavigationLink[]; onNavigate: () => void }) {
  const [pathname] = useLocation();
  const { requests, teamChanges } = useWaitingForMe();
  const waiting = requests.length + teamChanges.length;
  const bills = useBillsWaitingForMe();
  // The link keeps its name; the count of what waits for this member is said as its description.
  const counts: Record<string, { shown: string; said: string } | undefined> = {
    '/approvals':
      waiting > 0 ? { shown: String(waiting), said: `${waiting} waiting for your approval` } : undefined,
    '/bills':
      bills.count > 0 ? { shown: bills.label, said: `${bills.label} bills waiting for you` } : undefined,
  };
  const link = (item: NavigationLink) => {
    const count = counts[item.to];
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        onClick={onNavigate}
        active={item.to === '/' ? pathname === '/' : pathname.startsWith(item.to)}
        {...(count
          ? {
              rightSection: (
                <Badge size="sm" variant="filled" color="orange.9" aria-hidden="true">
                  {count.shown}
                </Badge>
              ),
              'aria-description': count.said,
            }
          : {})}
      />
    );
  };
  // Grouped by what an operator does (app/nav-groups.ts): each group labelled, each link keeping its name.
  return groupNavigation(links).map((group) =>
    group.label === null ? (
      <Stack key="top" gap={0}>
        {group.links.map(link)}
      </Stack>
    ) : (
      <Stack key={group.label} gap={0} mt="sm" role="group" aria-labelledby={navGroupId(group.label)}>
        <Text id={navGroupId(group.label)} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
          {group.label}
        </Text>
        {group.links.map(link)}
      </Stack>
    ),
  );
}

const navGroupId = (label: string) => `nav-group-${label.toLowerCase().replaceAll(' ', '-')}`;

/**
 * The first stop of the Tab key: past the header and twenty-odd links of the navigation, to the page's heading (its
 * first field is the next stop). Seen only while it has the focus.
 */
function SkipToPage() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault(); // no #fragment in the URL: the path is the page
        focusPageHeading();
      }}
    >
      Skip to the page
    </a>
  );
}

// The request log and the command palette come when first opened: no page's first load carries their code.
const RequestInspector = lazy(() =>
  import('../../features/inspector/RequestInspector').then((module) => ({
    default: module.RequestInspector,
  })),
);
const CommandPalette = lazy(() =>
  import('../../features/palette/CommandPalette').then((module) => ({ default: module.CommandPalette })),
);

/** An overlay whose code did not arrive (the connection dropped since the page loaded) says so, and the page stays. */
function Overlay({ what, onFailed, children }: { what: string; onFailed: () => void; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={() => null}
      onError={() => {
        onFailed();
        notifications.show({
          color: 'red',
          title: `The ${what} did not load`,
          message: 'Check the connection to the console, then reload the page',
        });
      }}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}

const NAVIGATION_ID = 'main-navigation';

export function Shell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [inspectorOpened, { open: openInspector, close: closeInspector }] = useDisclosure(false);
  const [inspectorWanted, setInspectorWanted] = useState(false);
  const [paletteWanted, setPaletteWanted] = useState(false);
  const signOut = useSignOut();
  const role = useRole();
  const live = useLiveUpdates();
  useMyRequestNotices(live.status === 'live');
  const navigation = useMemo(() => navigationFor(role), [role]);

  const openPalette = useCallback(() => {
    setPaletteWanted(true);
    spotlight.open(); // the palette opens as it mounts, if its code is still on the way
  }, []);
  useHotkeys([['mod+K', openPalette]], []);
  // On a phone the open navigation covers the page: Escape closes it, and the focus goes back to the button that opened
  // it (not to the page's top, where a keyboard user would start over).
  const burger = useRef<HTMLButtonElement>(null);
  const closeNavigation = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !opened) return;
    close();
    burger.current?.focus();
  };
  // On a phone, opened, it is where the person goes next: the focus moves to its first link, and the page it covers is
  // out of the Tab order, so Tab goes through the navigation and never under it. Closed, it is off the screen and out
  // of the Tab order itself: Tab goes from the header to the page, not through thirty links no one can see.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const covers = opened && phone;
  useEffect(() => {
    if (covers) document.getElementById(NAVIGATION_ID)?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [covers]);
  const showInspector = () => {
    setInspectorWanted(true);
    openInspector();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header onKeyDown={closeNavigation}>
        <SkipToPage />
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls={NAVIGATION_ID}
            />
            <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
              Payout Console
            </Title>
            <EnvironmentBadge />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SignedInAs />
            <Button variant="default" onClick={openPalette} visibleFrom="md">
              Search (Ctrl+K)
            </Button>
            {/* Below a laptop's width the palette is a magnifier: a phone has no Ctrl+K, and no room for the words. */}
            <ActionIcon
              variant="default"
              size="lg"
              onClick={openPalette}
              hiddenFrom="md"
              aria-label="Search the console"
            >
              <svg
                aria-hidden="true"
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              >
                <circle cx="10.5" cy="10.5" r="6.5" />
                <path d="M15.5 15.5 21 21" />
              </svg>
            </ActionIcon>
            {/* A phone's header has no room for it yet (the header must fit 390 px): from the small breakpoint up. */}
            <Box visibleFrom="sm">
              <NoticesControl />
            </Box>
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
      {/* Twenty-odd pages do not fit a laptop's height: the navigation scrolls on its own, the page stays put. */}
      <AppShell.Navbar
        p="sm"
        component="nav"
        id={NAVIGATION_ID}
        aria-label="Main"
        style={{ overflowY: 'auto' }}
        onKeyDown={closeNavigation}
        inert={phone && !opened}
      >
        <MainNav links={navigation} onNavigate={close} />
        {/* On a phone the header has room for the brand, the environment and the colour scheme only. */}
        <Stack gap="xs" mt="md" hiddenFrom="sm">
          <SignedInOnPhone />
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
      <AppShell.Main component="main" id={MAIN_ID} inert={covers}>
        <SignedInRoutes />
      </AppShell.Main>
      {inspectorWanted && (
        <Overlay what="request log" onFailed={() => setInspectorWanted(false)}>
          <RequestInspector opened={inspectorOpened} onClose={closeInspector} />
        </Overlay>
      )}
      {paletteWanted && (
        <Overlay
          what="command palette"
          onFailed={() => {
            setPaletteWanted(false);
            spotlight.close();
          }}
        >
          <CommandPalette pages={navigation} />
        </Overlay>
      )}
      {live.announcer}
    </AppShell>
  );
}

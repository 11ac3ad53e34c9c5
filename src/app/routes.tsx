import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useRole } from '../api/permissions';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { can, type Role } from '../lib/roles';
import { AP_PAGE_ROUTES } from './ap-routes';
import { BILL_PAGE_ROUTES } from './bill-routes';
import { useFocusOnNewPage } from './layout/page-focus';
import { lazyPage } from './lazy-page';
import { NotForYourRole, NotFoundPage } from './NotFoundPage';
import { ONBOARDING_ROUTES } from './onboarding-routes';
import { PageFailed } from './PageFailed';
import type { PageRoute } from './page-route';

export type { PageRoute };

/**
 * Every page behind sign-in, in the navigation's order: adding a page is one entry here plus its feature folder.
 * Each page is a chunk of its own, so the sign-in page's first load carries none of them.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    paths: ['/'],
    nav: 'Overview',
    page: lazyPage(() => import('../features/home/OverviewPage'), 'OverviewPage'),
  },
  {
    paths: ['/payments/new'],
    nav: 'Create payment',
    permission: 'pay',
    page: lazyPage(() => import('../features/payments/CreatePaymentPage'), 'CreatePaymentPage'),
  },
  {
    paths: ['/payments/batch'],
    nav: 'Batch payments',
    permission: 'pay',
    page: lazyPage(() => import('../features/payments-file/PaymentsFilePage'), 'PaymentsFilePage'),
  },
  {
    paths: ['/payouts/new'],
    nav: 'Send payout',
    permission: 'pay',
    page: lazyPage(() => import('../features/payouts/SendPayoutPage'), 'SendPayoutPage'),
  },
  {
    paths: ['/payouts/file'],
    nav: 'Pay out from a file',
    permission: 'pay',
    preload: false,
    page: lazyPage(() => import('../features/payouts-file/PayoutsFilePage'), 'PayoutsFilePage'),
  },
  {
    paths: ['/payout-links'],
    nav: 'Payout links',
    preload: false,
    page: lazyPage(() => import('../features/payouts/PayoutLinksPage'), 'PayoutLinksPage'),
  },
  {
    paths: ['/payout-links/new'],
    permission: 'pay',
    preload: false,
    page: lazyPage(() => import('../features/payouts/CreatePayoutLinkPage'), 'CreatePayoutLinkPage'),
  },
  {
    paths: ['/payout-links/:linkId'],
    preload: false,
    page: lazyPage(() => import('../features/payouts/PayoutLinkPage'), 'PayoutLinkPage'),
  },
  {
    paths: ['/payout-requests'],
    nav: 'Payout requests',
    preload: false,
    page: lazyPage(() => import('../features/payouts/PayoutRequestsPage'), 'PayoutRequestsPage'),
  },
  {
    paths: ['/users'],
    nav: 'Users',
    page: lazyPage(() => import('../features/people/UsersPage'), 'UsersPage'),
  },
  {
    paths: ['/users/:userId'],
    page: lazyPage(() => import('../features/people/UserViewPage'), 'UserViewPage'),
  },
  {
    paths: ['/customers'],
    nav: 'Payment customers',
    page: lazyPage(() => import('../features/people/CustomersPage'), 'CustomersPage'),
  },
  {
    paths: ['/customers/:customerId'],
    page: lazyPage(() => import('../features/people/CustomerViewPage'), 'CustomerViewPage'),
  },
  { paths: ['/apps'], nav: 'Apps', page: lazyPage(() => import('../features/people/AppsPage'), 'AppsPage') },
  {
    paths: ['/addresses/new', '/users/:userId/addresses/new'],
    nav: 'Add address',
    permission: 'support',
    page: lazyPage(() => import('../features/addresses/AddAddressPage'), 'AddAddressPage'),
  },
  {
    paths: ['/compliance/copy'],
    nav: 'Copy compliance',
    permission: 'support',
    page: lazyPage(() => import('../features/compliance/CopyCompliancePage'), 'CopyCompliancePage'),
  },
  {
    paths: ['/treasury'],
    nav: 'Treasury',
    preload: false,
    page: lazyPage(() => import('../features/treasury/TreasuryPage'), 'TreasuryPage'),
  },
  {
    paths: ['/wallets/move'],
    nav: "Move to a user's wallet",
    permission: 'pay',
    preload: false,
    page: lazyPage(() => import('../features/wallet-moves/MoveToUserPage'), 'MoveToUserPage'),
  },
  {
    paths: ['/wallets/file'],
    nav: 'Wallet moves from a file',
    permission: 'pay',
    preload: false,
    page: lazyPage(() => import('../features/moves-file/MovesFilePage'), 'MovesFilePage'),
  },
  {
    paths: ['/ledger'],
    nav: 'Ledger',
    preload: false,
    page: lazyPage(() => import('../features/ledger/LedgerPage'), 'LedgerPage'),
  },
  {
    paths: ['/transfers'],
    nav: 'Transfers',
    page: lazyPage(() => import('../features/transfers/TransferFinderPage'), 'TransferFinderPage'),
  },
  {
    paths: ['/transfers/:transferId'],
    page: lazyPage(() => import('../features/transfers/TransferViewPage'), 'TransferViewPage'),
  },
  {
    paths: ['/activity'],
    nav: 'Activity',
    page: lazyPage(() => import('../features/activity/ActivityPage'), 'ActivityPage'),
  },
  {
    paths: ['/approvals'],
    nav: 'Approvals',
    permission: 'pay',
    teamOnly: true,
    page: lazyPage(() => import('../features/approvals/ApprovalsPage'), 'ApprovalsPage'),
  },
  {
    paths: ['/approvals/:requestId'],
    permission: 'pay',
    teamOnly: true,
    page: lazyPage(
      () => import('../features/approvals/approval-request/ApprovalRequestPage'),
      'ApprovalRequestPage',
    ),
  },
  {
    paths: ['/settings'],
    nav: 'Settings',
    permission: 'admin',
    teamOnly: true,
    preload: false,
    page: lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  },
  {
    paths: ['/team'],
    nav: 'Team',
    permission: 'admin',
    teamOnly: true,
    preload: false,
    page: lazyPage(() => import('../features/team/TeamPage'), 'TeamPage'),
  },
  {
    paths: ['/audit'],
    nav: 'Audit',
    permission: 'admin',
    teamOnly: true,
    preload: false,
    page: lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage'),
  },
  // Onboarding's pages (app/onboarding-routes.tsx).
  ...ONBOARDING_ROUTES,
  ...BILL_PAGE_ROUTES,
  ...AP_PAGE_ROUTES,
];

export interface NavigationLink {
  to: string;
  label: string;
}

/** Whether the signed-in operator's role opens the page (null role: the organization's key, which has no team). */
function opens(route: PageRoute, role: Role | null): boolean {
  if (role === null) return !route.teamOnly;
  return can(role, route.permission ?? 'read');
}

/** The navigation's links (and the command palette's pages), from the table: the pages the role opens. */
export function navigationFor(role: Role | null): NavigationLink[] {
  return PAGE_ROUTES.flatMap((route) =>
    route.nav && opens(route, role) ? [{ to: route.paths[0] as string, label: route.nav }] : [],
  );
}

/** Brings the code of every page that asks for it, so that going to one renders it at once. */
export function preloadPages(): Promise<unknown> {
  return Promise.all(
    PAGE_ROUTES.filter((route) => route.preload !== false).map((route) => route.page.preload()),
  );
}

/** The pages behind sign-in, by path; each URL is a page, so deep links, Back and Forward work. */
export function SignedInRoutes() {
  const [pathname] = useLocation();
  const role = useRole();
  // A new page starts at the top, as a page of a website does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useFocusOnNewPage(pathname);
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <PageFailed error={error} />}>
      <Suspense fallback={<PageLoader />}>
        <Switch>
          {PAGE_ROUTES.flatMap((route) =>
            route.paths.map((path) => (
              <Route key={path} path={path} component={opens(route, role) ? route.page : NotForYourRole} />
            )),
          )}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

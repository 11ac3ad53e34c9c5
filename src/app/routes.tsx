import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { type LazyPage, lazyPage } from './lazy-page';
import { NotFoundPage } from './NotFoundPage';
import { PageFailed } from './PageFailed';
import { PageLoader } from './PageLoader';

export interface PageRoute {
  /** The URL patterns the page answers (wouter's syntax). */
  paths: readonly string[];
  page: LazyPage;
  /** Its link in the navigation and the command palette, in this table's order; none for a record's page. */
  nav?: string;
  /** Its code is brought while the operator signs in, so that no visit waits on it (lazy-page.ts says why). */
  preload: boolean;
}

/**
 * Every page behind sign-in, in the navigation's order: adding a page is one entry here plus its feature folder.
 * Each page is a chunk of its own, so the sign-in page's first load carries none of them.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    paths: ['/'],
    page: lazyPage(() => import('../features/home/OverviewPage'), 'OverviewPage'),
    nav: 'Overview',
    preload: true,
  },
  {
    paths: ['/payments/new'],
    page: lazyPage(() => import('../features/payments/CreatePaymentPage'), 'CreatePaymentPage'),
    nav: 'Create payment',
    preload: true,
  },
  {
    paths: ['/payments/batch'],
    page: lazyPage(() => import('../features/batch/BatchPaymentsPage'), 'BatchPaymentsPage'),
    nav: 'Batch payments',
    preload: true,
  },
  {
    paths: ['/users'],
    page: lazyPage(() => import('../features/people/UsersPage'), 'UsersPage'),
    nav: 'Users',
    preload: true,
  },
  {
    paths: ['/users/:userId'],
    page: lazyPage(() => import('../features/people/UserViewPage'), 'UserViewPage'),
    preload: true,
  },
  {
    paths: ['/customers'],
    page: lazyPage(() => import('../features/people/CustomersPage'), 'CustomersPage'),
    nav: 'Payment customers',
    preload: true,
  },
  {
    paths: ['/customers/:customerId'],
    page: lazyPage(() => import('../features/people/CustomerViewPage'), 'CustomerViewPage'),
    preload: true,
  },
  {
    paths: ['/apps'],
    page: lazyPage(() => import('../features/people/AppsPage'), 'AppsPage'),
    nav: 'Apps',
    preload: true,
  },
  {
    paths: ['/addresses/new', '/users/:userId/addresses/new'],
    page: lazyPage(() => import('../features/addresses/AddAddressPage'), 'AddAddressPage'),
    nav: 'Add address',
    preload: true,
  },
  {
    paths: ['/compliance/copy'],
    page: lazyPage(() => import('../features/compliance/CopyCompliancePage'), 'CopyCompliancePage'),
    nav: 'Copy compliance',
    preload: true,
  },
  {
    paths: ['/transfers'],
    page: lazyPage(() => import('../features/transfers/TransferFinderPage'), 'TransferFinderPage'),
    nav: 'Transfers',
    preload: true,
  },
  {
    paths: ['/transfers/:transferId'],
    page: lazyPage(() => import('../features/transfers/TransferViewPage'), 'TransferViewPage'),
    preload: true,
  },
  {
    paths: ['/activity'],
    page: lazyPage(() => import('../features/activity/ActivityPage'), 'ActivityPage'),
    nav: 'Activity',
    preload: true,
  },
];

export interface NavigationLink {
  to: string;
  label: string;
}

/** The navigation's links (and the command palette's pages), from the table. */
export const NAVIGATION: readonly NavigationLink[] = PAGE_ROUTES.flatMap((route) =>
  route.nav ? [{ to: route.paths[0] as string, label: route.nav }] : [],
);

/** Brings the code of every page that asks for it, so that going to one renders it at once. */
export function preloadPages(): Promise<unknown> {
  return Promise.all(PAGE_ROUTES.filter((route) => route.preload).map((route) => route.page.preload()));
}

/** The pages behind sign-in, by path; each URL is a page, so deep links, Back and Forward work. */
export function SignedInRoutes() {
  const [pathname] = useLocation();
  // A new page starts at the top, as a page of a website does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <PageFailed error={error} />}>
      <Suspense fallback={<PageLoader />}>
        <Switch>
          {PAGE_ROUTES.flatMap((route) =>
            route.paths.map((path) => <Route key={path} path={path} component={route.page} />),
          )}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './NotFoundPage';
import { PageFailed } from './PageFailed';
import { PageLoader } from './PageLoader';

const OverviewPage = lazyPage(() => import('../features/home/OverviewPage'), 'OverviewPage');
const CreatePaymentPage = lazyPage(
  () => import('../features/payments/CreatePaymentPage'),
  'CreatePaymentPage',
);
const TransferViewPage = lazyPage(() => import('../features/payments/TransferViewPage'), 'TransferViewPage');
const AddAddressPage = lazyPage(() => import('../features/addresses/AddAddressPage'), 'AddAddressPage');
const CopyCompliancePage = lazyPage(
  () => import('../features/compliance/CopyCompliancePage'),
  'CopyCompliancePage',
);
const TransferFinderPage = lazyPage(
  () => import('../features/transfers/TransferFinderPage'),
  'TransferFinderPage',
);
const UserViewPage = lazyPage(() => import('../features/users/UserViewPage'), 'UserViewPage');
const ActivityPage = lazyPage(() => import('../features/activity/ActivityPage'), 'ActivityPage');
const UsersPage = lazyPage(() => import('../features/directory/UsersPage'), 'UsersPage');
const CustomersPage = lazyPage(() => import('../features/directory/CustomersPage'), 'CustomersPage');
const CustomerViewPage = lazyPage(() => import('../features/directory/CustomerViewPage'), 'CustomerViewPage');
const AppsPage = lazyPage(() => import('../features/directory/AppsPage'), 'AppsPage');
const BatchPaymentsPage = lazyPage(() => import('../features/batch/BatchPaymentsPage'), 'BatchPaymentsPage');

const PAGES = [
  OverviewPage,
  CreatePaymentPage,
  TransferViewPage,
  AddAddressPage,
  CopyCompliancePage,
  TransferFinderPage,
  UserViewPage,
  ActivityPage,
  UsersPage,
  CustomersPage,
  CustomerViewPage,
  AppsPage,
  BatchPaymentsPage,
];

/** Brings every page's code, so that going to one renders it at once (see lazyPage). */
export function preloadPages(): Promise<unknown> {
  return Promise.all(PAGES.map((page) => page.preload()));
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
          <Route path="/" component={OverviewPage} />
          <Route path="/payments/new" component={CreatePaymentPage} />
          <Route path="/payments/batch" component={BatchPaymentsPage} />
          <Route path="/transfers" component={TransferFinderPage} />
          <Route path="/transfers/:transferId" component={TransferViewPage} />
          <Route path="/addresses/new" component={AddAddressPage} />
          <Route path="/users/:userId/addresses/new" component={AddAddressPage} />
          <Route path="/users" component={UsersPage} />
          <Route path="/users/:userId" component={UserViewPage} />
          <Route path="/customers" component={CustomersPage} />
          <Route path="/customers/:customerId" component={CustomerViewPage} />
          <Route path="/apps" component={AppsPage} />
          <Route path="/compliance/copy" component={CopyCompliancePage} />
          <Route path="/activity" component={ActivityPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

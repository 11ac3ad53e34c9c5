import { lazy } from 'react';
import { NotFoundPage } from './NotFoundPage';
import type { RouteDef } from './routing';

/** Every page is its own chunk: the sign-in page loads none of the payment code, nor the signed-in shell. */
const SignedInLayout = lazy(() =>
  import('./layout/SignedInLayout').then((m) => ({ default: m.SignedInLayout })),
);
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const AddAddressPage = page(() => import('../features/addresses/AddAddressPage'), 'AddAddressPage');

export const ROUTES: readonly RouteDef[] = [
  { path: '/sign-in', Page: page(() => import('../features/session/SignInPage'), 'SignInPage') },
  ...(
    [
      { path: '/', Page: page(() => import('../features/home/OverviewPage'), 'OverviewPage') },
      {
        path: '/payments/new',
        Page: page(() => import('../features/payments/CreatePaymentPage'), 'CreatePaymentPage'),
      },
      {
        path: '/transfers/:transferId',
        Page: page(() => import('../features/payments/TransferViewPage'), 'TransferViewPage'),
      },
      { path: '/addresses/new', Page: AddAddressPage },
      { path: '/users/:userId/addresses/new', Page: AddAddressPage },
      {
        path: '/compliance/copy',
        Page: page(() => import('../features/compliance/CopyCompliancePage'), 'CopyCompliancePage'),
      },
      {
        path: '/transfers',
        Page: page(() => import('../features/transfers/TransferFinderPage'), 'TransferFinderPage'),
      },
      { path: '/users/:userId', Page: page(() => import('../features/users/UserViewPage'), 'UserViewPage') },
      { path: '/activity', Page: page(() => import('../features/activity/ActivityPage'), 'ActivityPage') },
      { path: '*', Page: NotFoundPage },
    ] satisfies RouteDef[]
  ).map((route) => ({ ...route, Layout: SignedInLayout })),
];

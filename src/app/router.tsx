import { SignInPage } from '../features/session/SignInPage';
import { NotFoundPage } from './NotFoundPage';
import { lazyPage, preloadRoute, type RouteDef } from './routing';

/** Every other page is its own chunk: the sign-in page loads none of the payment code, nor the signed-in shell. */
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazyPage(() => load().then((m) => m[name]));
const SignedInLayout = page(() => import('./layout/SignedInLayout'), 'SignedInLayout');

const AddAddressPage = page(() => import('../features/addresses/AddAddressPage'), 'AddAddressPage');

export const ROUTES: readonly RouteDef[] = [
  // In the entry itself: the first page of most visits, fetched beside the entry rather than after it.
  { path: '/sign-in', Page: SignInPage },
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

/** Brings the code of a page of this console ahead of going there (see lazyPage). */
export const preloadPage = (pathname: string) => preloadRoute(ROUTES, pathname);

import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { PageLoader } from './PageLoader';
import { RouteErrorPage } from './RouteErrorPage';

/** Every page is its own chunk: the sign-in page loads none of the payment code. */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/sign-in',
      lazy: () => import('../features/session/SignInPage').then((m) => ({ Component: m.SignInPage })),
      errorElement: <RouteErrorPage />,
      HydrateFallback: PageLoader,
    },
    {
      path: '/',
      lazy: () => import('./layout/SignedInLayout').then((m) => ({ Component: m.SignedInLayout })),
      errorElement: <RouteErrorPage />,
      HydrateFallback: PageLoader,
      children: [
        {
          index: true,
          lazy: () => import('../features/home/OverviewPage').then((m) => ({ Component: m.OverviewPage })),
        },
        {
          path: 'payments/new',
          lazy: () =>
            import('../features/payments/CreatePaymentPage').then((m) => ({
              Component: m.CreatePaymentPage,
            })),
        },
        {
          path: 'transfers/:transferId',
          lazy: () =>
            import('../features/payments/TransferViewPage').then((m) => ({ Component: m.TransferViewPage })),
        },
        {
          path: 'addresses/new',
          lazy: () =>
            import('../features/addresses/AddAddressPage').then((m) => ({ Component: m.AddAddressPage })),
        },
        {
          path: 'users/:userId/addresses/new',
          lazy: () =>
            import('../features/addresses/AddAddressPage').then((m) => ({ Component: m.AddAddressPage })),
        },
        {
          path: 'compliance/copy',
          lazy: () =>
            import('../features/compliance/CopyCompliancePage').then((m) => ({
              Component: m.CopyCompliancePage,
            })),
        },
        {
          path: 'transfers',
          lazy: () =>
            import('../features/transfers/TransferFinderPage').then((m) => ({
              Component: m.TransferFinderPage,
            })),
        },
        {
          path: 'users/:userId',
          lazy: () => import('../features/users/UserViewPage').then((m) => ({ Component: m.UserViewPage })),
        },
        {
          path: 'activity',
          lazy: () =>
            import('../features/activity/ActivityPage').then((m) => ({ Component: m.ActivityPage })),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]);
}

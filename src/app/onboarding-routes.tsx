import { lazyPage } from './lazy-page';
import type { PageRoute } from './page-route';

/** Onboarding's pages (features/onboarding), appended to the route table by one line of routes.tsx. */
export const ONBOARDING_ROUTES: readonly PageRoute[] = [
  {
    paths: ['/onboarding/users/new'],
    nav: 'New user',
    permission: 'support',
    preload: false,
    page: lazyPage(() => import('../features/onboarding/NewUserPage'), 'NewUserPage'),
  },
  {
    paths: ['/users/:userId/onboarding'],
    permission: 'support',
    preload: false,
    page: lazyPage(
      () => import('../features/onboarding/user-onboarding/UserOnboardingPage'),
      'UserOnboardingPage',
    ),
  },
  {
    paths: ['/onboarding/customers/new'],
    nav: 'New payment customer',
    permission: 'pay',
    preload: false,
    page: lazyPage(() => import('../features/onboarding/NewPaymentCustomerPage'), 'NewPaymentCustomerPage'),
  },
  {
    paths: ['/onboarding/apps/copy-compliance'],
    nav: 'Copy compliance between apps',
    permission: 'admin',
    preload: false,
    page: lazyPage(() => import('../features/onboarding/CopyBetweenAppsPage'), 'CopyBetweenAppsPage'),
  },
  {
    paths: ['/onboarding/apps/new'],
    nav: 'New app',
    permission: 'pay',
    preload: false,
    page: lazyPage(() => import('../features/apps/NewAppPage'), 'NewAppPage'),
  },
  {
    paths: ['/apps/:appId'],
    preload: false,
    page: lazyPage(() => import('../features/apps/app-page/AppPage'), 'AppPage'),
  },
  {
    paths: ['/onboarding/payee-link'],
    nav: 'Link for a new payee',
    permission: 'support',
    preload: false,
    page: lazyPage(() => import('../features/onboarding/NewPayeeLinkPage'), 'NewPayeeLinkPage'),
  },
];

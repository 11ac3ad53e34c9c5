import { lazyPage } from './lazy-page';

/**
 * Accounts payable's vendors and approval policies (routes.tsx lists them with one line, after the bills): every role
 * reads them; finance and admins add vendors, admins change the policies.
 */
export const AP_PAGE_ROUTES = [
  {
    paths: ['/vendors'],
    nav: 'Vendors',
    preload: false as const,
    page: lazyPage(() => import('../features/vendors/VendorsPage'), 'VendorsPage'),
  },
  {
    paths: ['/vendors/new'],
    permission: 'pay' as const,
    preload: false as const,
    page: lazyPage(() => import('../features/vendors/NewVendorPage'), 'NewVendorPage'),
  },
  {
    paths: ['/vendors/:vendorId'],
    preload: false as const,
    page: lazyPage(() => import('../features/vendors/VendorPage'), 'VendorPage'),
  },
  {
    paths: ['/approval-policies'],
    nav: 'Approval policies',
    preload: false as const,
    page: lazyPage(
      () => import('../features/approval-policies/ApprovalPoliciesPage'),
      'ApprovalPoliciesPage',
    ),
  },
];

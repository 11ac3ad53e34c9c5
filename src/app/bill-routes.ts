import { lazyPage } from './lazy-page';

/** Accounts payable's pages (routes.tsx lists them with one line): bills, a bill, a new bill and a draft. */
export const BILL_PAGE_ROUTES = [
  {
    paths: ['/bills'],
    nav: 'Bills',
    preload: false as const,
    page: lazyPage(() => import('../features/bills/BillsPage'), 'BillsPage'),
  },
  {
    paths: ['/bills/new', '/bills/:billId/edit'],
    permission: 'pay' as const,
    preload: false as const,
    page: lazyPage(() => import('../features/bills/bill-form/BillFormPage'), 'BillFormPage'),
  },
  {
    paths: ['/bills/:billId'],
    preload: false as const,
    page: lazyPage(() => import('../features/bills/BillPage'), 'BillPage'),
  },
];

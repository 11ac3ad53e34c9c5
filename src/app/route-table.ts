/**
 * The console's pages by path, as data: which module holds each page and whether it sits in the signed-in layout.
 * router.tsx makes the routes of it; the console server reads it too, to name in index.html the built chunks a deep
 * link will need (so that they download beside the entry, not after it). No React here: the server imports it.
 */
export interface RouteEntry {
  /** `/transfers/:transferId`, or `*` for whatever no entry before it matched. */
  path: string;
  /** `src/…/Module.tsx#ExportedComponent`, loaded on demand; absent for the pages built into the entry. */
  page?: string;
  /** Inside the signed-in layout (the shell), which is loaded on demand too. */
  signedIn: boolean;
  /**
   * The page's h1 when it reads the same on every visit. The console server paints it in index.html, in the shell's
   * outline, before the code arrives (src/server/paint-first.ts); the page then renders the same heading in its place.
   */
  heading?: string;
}

export const SIGNED_IN_LAYOUT = 'src/app/layout/SignedInLayout.tsx#SignedInLayout';

const ADD_ADDRESS = 'src/features/addresses/AddAddressPage.tsx#AddAddressPage';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  // In the entry: the first page of most visits.
  { path: '/sign-in', signedIn: false },
  { path: '/', page: 'src/features/home/OverviewPage.tsx#OverviewPage', signedIn: true, heading: 'Overview' },
  {
    path: '/payments/new',
    page: 'src/features/payments/CreatePaymentPage.tsx#CreatePaymentPage',
    signedIn: true,
    heading: 'Create payment',
  },
  {
    path: '/transfers/:transferId',
    page: 'src/features/payments/TransferViewPage.tsx#TransferViewPage',
    signedIn: true,
    heading: 'Transfer',
  },
  { path: '/addresses/new', page: ADD_ADDRESS, signedIn: true, heading: 'Add address' },
  { path: '/users/:userId/addresses/new', page: ADD_ADDRESS, signedIn: true, heading: 'Add address' },
  {
    path: '/compliance/copy',
    page: 'src/features/compliance/CopyCompliancePage.tsx#CopyCompliancePage',
    signedIn: true,
    heading: 'Copy compliance',
  },
  {
    path: '/transfers',
    page: 'src/features/transfers/TransferFinderPage.tsx#TransferFinderPage',
    signedIn: true,
    heading: 'Transfers',
  },
  { path: '/users/:userId', page: 'src/features/users/UserViewPage.tsx#UserViewPage', signedIn: true },
  {
    path: '/activity',
    page: 'src/features/activity/ActivityPage.tsx#ActivityPage',
    signedIn: true,
    heading: 'Activity',
  },
  // Not found: built into the entry, shown in the shell.
  { path: '*', signedIn: true, heading: 'Page not found' },
];

/** `src/a/B.tsx#B` -> its module and export. */
export function splitModuleRef(ref: string): { module: string; exportName: string } {
  const [module = '', exportName = ''] = ref.split('#');
  return { module, exportName };
}

/** The modules loaded on demand for an entry: its layout, then its page. */
export function lazyModulesOf(entry: RouteEntry): string[] {
  return [entry.signedIn ? SIGNED_IN_LAYOUT : null, entry.page ?? null]
    .filter((ref): ref is string => ref !== null)
    .map((ref) => splitModuleRef(ref).module);
}

import type { NavigationLink } from './routes';

/**
 * The navigation by what an operator does, not one flat list: each group a labelled section of links, in the order of
 * a day's work. A page not listed here (a new one) still shows, under "More", rather than being lost.
 */
export const NAV_GROUPS: readonly { label: string | null; paths: readonly string[] }[] = [
  { label: null, paths: ['/'] },
  {
    label: 'Money out',
    paths: ['/payouts/new', '/payouts/file', '/payout-links', '/payout-requests', '/bills', '/vendors'],
  },
  { label: 'Money in', paths: ['/payments/new', '/payments/batch'] },
  {
    label: 'Wallets and ledger',
    paths: ['/treasury', '/wallets/move', '/wallets/file', '/ledger', '/transfers'],
  },
  {
    label: 'People',
    paths: [
      '/users',
      '/onboarding/users/new',
      '/onboarding/payee-link',
      '/customers',
      '/onboarding/customers/new',
      '/apps',
      '/onboarding/apps/new',
      '/addresses/new',
      '/compliance/copy',
      '/onboarding/apps/copy-compliance',
    ],
  },
  {
    label: 'Team and settings',
    paths: ['/approvals', '/approval-policies', '/activity', '/settings', '/team', '/audit'],
  },
];

export interface NavigationGroup {
  /** The group's label; null for the links above every group (the overview). */
  label: string | null;
  links: NavigationLink[];
}

/** The links a role has, in their groups (empty groups left out), each link once. */
export function groupNavigation(links: readonly NavigationLink[]): NavigationGroup[] {
  const placed = new Set<string>();
  const groups: NavigationGroup[] = NAV_GROUPS.map((group) => ({
    label: group.label,
    links: group.paths.flatMap((path) => {
      const link = links.find((one) => one.to === path);
      if (!link) return [];
      placed.add(path);
      return [link];
    }),
  }));
  groups.push({ label: 'More', links: links.filter((link) => !placed.has(link.to)) });
  return groups.filter((group) => group.links.length > 0);
}

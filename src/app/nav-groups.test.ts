import { describe, expect, it } from 'vitest';
import { ROLES } from '../lib/roles';
import { groupNavigation } from './nav-groups';
import { navigationFor } from './routes';

describe('the navigation by what an operator does', () => {
  it('keeps every link of every role once, under a labelled group, bills among the money out', () => {
    for (const role of [null, ...ROLES]) {
      const links = navigationFor(role);
      const groups = groupNavigation(links);
      const grouped = groups.flatMap((group) => group.links);
      expect(grouped.map((link) => link.label).sort()).toEqual(links.map((link) => link.label).sort());
      expect(groups.filter((group) => group.label === 'More')).toEqual([]);
      for (const group of groups.slice(1)) expect(group.label).toBeTruthy();
    }
    const admin = groupNavigation(navigationFor('admin'));
    expect(admin.map((group) => group.label)).toEqual([
      null,
      'Money out',
      'Money in',
      'Wallets and ledger',
      'People',
      'Team and settings',
    ]);
    expect(admin.find((group) => group.label === 'Money out')?.links.map((link) => link.label)).toContain(
      'Bills',
    );
  });

  it('shows a page it does not know under "More" rather than losing it', () => {
    const groups = groupNavigation([
      { to: '/', label: 'Overview' },
      { to: '/somewhere-new', label: 'Somewhere new' },
    ]);
    expect(groups).toEqual([
      { label: null, links: [{ to: '/', label: 'Overview' }] },
      { label: 'More', links: [{ to: '/somewhere-new', label: 'Somewhere new' }] },
    ]);
  });
});

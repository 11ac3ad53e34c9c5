/** The console's pages, in the order the navigation and the command palette list them. */
export const PAGES = [
  { to: '/', label: 'Overview' },
  { to: '/payments/new', label: 'Create payment' },
  { to: '/payments/batch', label: 'Batch payments' },
  { to: '/users', label: 'Users' },
  { to: '/customers', label: 'Payment customers' },
  { to: '/apps', label: 'Apps' },
  { to: '/addresses/new', label: 'Add address' },
  { to: '/compliance/copy', label: 'Copy compliance' },
  { to: '/transfers', label: 'Transfers' },
  { to: '/activity', label: 'Activity' },
] as const;

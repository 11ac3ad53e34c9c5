import { expect, it } from 'vitest';
import { invoiceViewUrl } from './invoice-view';

it('opens the invoice without the sidebar, fitted to the width', () => {
  expect(invoiceViewUrl('blob:http://localhost/abc')).toBe('blob:http://localhost/abc#navpanes=0&view=FitH');
  expect(invoiceViewUrl('blob:http://localhost/abc#page=2')).toBe(
    'blob:http://localhost/abc#navpanes=0&view=FitH',
  );
});

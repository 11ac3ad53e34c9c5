import { describe, expect, it } from 'vitest';
import { readInvoiceText } from './invoice-text';

describe('readInvoiceText', () => {
  it('finds the number, the vendor, the total and the items that add up', () => {
    const facts = readInvoiceText(
      [
        'Vendor: Acme Hosting',
        'Invoice number: INV-2031',
        'Servers, March 2 x $1,200.00 $2,400.00',
        'Support 1 x $99.50 $99.50',
        'Broken line 3 x $1.00 $4.00',
        'Total: $2,499.50',
      ].join('\n'),
    );
    expect(facts).toEqual({
      number: 'INV-2031',
      vendorName: 'Acme Hosting',
      totalCents: 249_950,
      items: [
        { name: 'Servers, March', quantity: 2, unit_price: 120_000, amount: 240_000 },
        { name: 'Support', quantity: 1, unit_price: 9_950, amount: 9_950 },
      ],
    });
  });

  it('leaves out what it does not find', () => {
    expect(readInvoiceText('Thank you for your business')).toEqual({ items: [] });
  });
});

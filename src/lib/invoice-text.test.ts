import { describe, expect, it } from 'vitest';
import { readInvoiceText, vendorNamed } from './invoice-text';

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

describe('an invoice as vendors send it', () => {
  it('names its vendor in the title line and its items without cents or a line total', () => {
    const facts = readInvoiceText(
      [
        'Northwind Hosting LLC — Invoice',
        'Invoice number: NH-3001',
        'Consulting hours 3 x $240',
        'Setup 1 x $80 = $80',
        'Total: $800',
      ].join('\n'),
    );
    expect(facts).toEqual({
      number: 'NH-3001',
      vendorName: 'Northwind Hosting LLC',
      totalCents: 80_000,
      items: [
        { name: 'Consulting hours', quantity: 3, unit_price: 24_000, amount: 72_000 },
        { name: 'Setup', quantity: 1, unit_price: 8_000, amount: 8_000 },
      ],
    });
    expect(readInvoiceText('Invoice from Acme Paper\nInvoice #AP-9').vendorName).toBe('Acme Paper');
  });

  it('finds the vendor among the organization’s by the name the invoice gives, or none', () => {
    const vendors = [{ name: 'Northwind' }, { name: 'Northwind Hosting' }, { name: 'Acme Paper' }];
    expect(vendorNamed({ vendorName: 'Northwind Hosting LLC' }, vendors)).toEqual({
      name: 'Northwind Hosting',
    });
    expect(vendorNamed({ vendorName: 'acme paper' }, vendors)).toEqual({ name: 'Acme Paper' });
    expect(vendorNamed({ vendorName: 'Contoso Freight' }, vendors)).toBeUndefined();
    expect(vendorNamed({}, vendors)).toBeUndefined();
  });
});

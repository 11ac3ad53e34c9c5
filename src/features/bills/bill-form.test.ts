import { describe, expect, it } from 'vitest';
import { EMPTY_BILL, readNothing, typedOverDraft } from './bill-form';

describe('what was typed before a PDF, put over its draft', () => {
  it('sends only the funding when nothing was typed: the wallet, as a blank form has it', () => {
    expect(typedOverDraft(EMPTY_BILL)).toEqual({ funding_source: 'dots_balance' });
  });

  it('keeps every field typed, an amount replacing the items read', () => {
    expect(
      typedOverDraft({
        vendor: 'v1',
        method: 'm1',
        number: ' MY-1 ',
        amount: '1,250.50',
        funding: 'ach',
        description: 'typed first',
      }),
    ).toEqual({
      funding_source: 'ach',
      number: 'MY-1',
      ap_vendor_id: 'v1',
      ap_payment_method_id: 'm1',
      amount: 125_050,
      items: [],
      description: 'typed first',
    });
  });

  it('leaves the draft its vendor while no method is chosen, and its amount when the typed one does not read', () => {
    expect(typedOverDraft({ ...EMPTY_BILL, vendor: 'v1', amount: 'abc' })).toEqual({
      funding_source: 'dots_balance',
    });
  });
});

describe('a PDF the service could not read', () => {
  it('is one whose draft has no vendor, amount or items', () => {
    expect(readNothing({ ap_vendor_id: null, amount: 0, items: [] })).toBe(true);
    expect(readNothing({ amount: 42_000 })).toBe(false);
    expect(readNothing({ ap_vendor_id: 'v1' })).toBe(false);
  });
});

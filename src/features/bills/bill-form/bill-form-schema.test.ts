import { describe, expect, it } from 'vitest';
import { billFormSchema, EMPTY_BILL, readNothing, toBillBody, typedOverDraft } from './bill-form-schema';

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
        different: false,
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

const typed = {
  ...EMPTY_BILL,
  vendor: 'v1',
  method: 'm1',
  number: ' NH-7 ',
  amount: '1,250.50',
  description: '  ',
};
const problems = (values: typeof EMPTY_BILL, looksLikeAnother = false) =>
  Object.fromEntries(
    (billFormSchema(looksLikeAnother).safeParse(values).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe("the bill form's rules", () => {
  it('name each field at fault in the form’s words, all at once', () => {
    expect(problems(EMPTY_BILL)).toEqual({
      vendor: 'Choose the vendor',
      method: 'Choose where the money goes',
      number: 'Enter the invoice number',
      amount: 'Enter an amount',
    });
  });

  it("hold the service's own rules once a field reads: the number's length, whole cents of at least 1 cent", () => {
    expect(problems({ ...typed, number: 'N'.repeat(101) })).toEqual({ number: 'At most 100 characters' });
    expect(problems({ ...typed, amount: '0' })).toEqual({ amount: 'At least 1 cent' });
    expect(problems({ ...typed, amount: '12.345' })).toEqual({
      amount: 'At most two decimal places (whole cents)',
    });
  });

  it('ask for the tick when the bill looks like another, with the other problems too', () => {
    expect(problems(typed, true)).toEqual({ different: 'Tick this, or correct the bill' });
    expect(problems({ ...typed, different: true }, true)).toEqual({});
    expect(problems({ ...typed, number: '' }, true)).toEqual({
      number: 'Enter the invoice number',
      different: 'Tick this, or correct the bill',
    });
  });
});

describe('the bill sent', () => {
  const read = billFormSchema(false).parse(typed);
  const item = { name: 'Servers', quantity: 1, unit_price: 125_050, amount: 125_050 };

  it('is the amount typed, the number trimmed, no empty description', () => {
    expect(toBillBody(read, [])).toEqual({
      number: 'NH-7',
      ap_vendor_id: 'v1',
      ap_payment_method_id: 'm1',
      funding_source: 'dots_balance',
      amount: 125_050,
    });
  });

  it("keeps the draft's items while they add up to the amount, and replaces them when another amount is typed", () => {
    expect(toBillBody(read, [item])).toMatchObject({ items: [item] });
    expect(toBillBody(read, [{ ...item, unit_price: 100, amount: 100 }])).toMatchObject({
      amount: 125_050,
      items: [],
    });
  });
});

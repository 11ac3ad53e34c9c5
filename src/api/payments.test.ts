import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareToReadPayment, SAMPLE_PAYMENT_ANSWER } from './payments';
import { transferSchema } from './schemas';

afterEach(() => vi.restoreAllMocks());

describe('getting ready to read a payment', () => {
  it("parses a sample answer with the transfer's schema, so that the first real answer finds it built", async () => {
    const parse = vi.spyOn(transferSchema, 'parse');
    await prepareToReadPayment();
    expect(parse).toHaveBeenCalledWith(SAMPLE_PAYMENT_ANSWER);
  });

  it('has a sample that walks every part a new payment has: a transaction, the history, metadata', () => {
    const parsed = transferSchema.parse(SAMPLE_PAYMENT_ANSWER);
    expect(parsed.transactions?.[0]?.amount).toBe(1);
    expect(parsed.status_history).toHaveLength(1);
    expect(parsed.external_data?.platform).toBe('ach');
    expect(parsed.metadata).toEqual({ note: 'sample' });
  });
});

import { describe, expectTypeOf, it } from 'vitest';
import type { AnyWords, Disagreements } from './agreement';

/** The compile-time check is itself checked at compile time (`npm run typecheck` runs these). */
interface Wire {
  id?: string;
  status?: 'created' | 'paid';
  amount?: number;
  items?: { name?: string; quantity?: number }[];
  metadata?: string | Record<string, never> | null;
}

describe('a schema agrees with the wire', () => {
  it('when it reads the fields the wire names, loosely', () => {
    expectTypeOf<
      Disagreements<
        {
          id: string;
          status: string;
          amount: number | null | undefined;
          items: { name: string }[] | null;
          metadata: unknown;
        },
        Wire
      >
    >().toEqualTypeOf<never>();
  });

  it('not when it reads a field the wire does not name, at any depth', () => {
    expectTypeOf<Disagreements<{ id: string; number: string }, Wire>>().toEqualTypeOf<'number'>();
    expectTypeOf<Disagreements<{ items: { qty: number }[] }, Wire>>().toEqualTypeOf<'items[].qty'>();
  });

  it('not when it reads a field as another type', () => {
    expectTypeOf<Disagreements<{ amount: boolean; id: number }, Wire>>().toEqualTypeOf<'amount' | 'id'>();
    expectTypeOf<Disagreements<{ items: string }, Wire>>().toEqualTypeOf<'items'>();
  });

  it('opens closed lists of words to any word', () => {
    expectTypeOf<AnyWords<Wire>['status']>().toEqualTypeOf<string | undefined>();
  });
});

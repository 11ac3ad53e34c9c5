import { formatCents } from '../../lib/money';
import { possessive } from '../../lib/words';

/**
 * What a payment's transaction means for the app's wallet, in words: its line counts in the wallet from the moment
 * the payment is made, its money may be spent only once it has arrived, and a payment that did not arrive is taken
 * back by a line of its own. Null for a transfer of another kind, or a payment with no line to speak of.
 */

interface PaymentShown {
  type?: string | null | undefined;
  status: string;
  amount: number;
  transactions?:
    | readonly { amount: number; destination_name?: string | null | undefined }[]
    | null
    | undefined;
}

export type PaymentMoneyState = 'on-its-way' | 'arrived' | 'taken-back';

export interface PaymentMoneyWords {
  state: PaymentMoneyState;
  title: string;
  text: string;
}

const STATE_OF: Readonly<Record<string, PaymentMoneyState>> = {
  created: 'on-its-way',
  pending: 'on-its-way',
  flagged: 'on-its-way',
  completed: 'arrived',
  failed: 'taken-back',
  canceled: 'taken-back',
  reversed: 'taken-back',
};

export function paymentMoneyWords(transfer: PaymentShown): PaymentMoneyWords | null {
  if (transfer.type !== 'payment') return null;
  const state = STATE_OF[transfer.status];
  const first = transfer.transactions?.find((line) => line.amount > 0);
  if (!state || !first) return null;
  const money = formatCents(transfer.amount);
  const wallet = first.destination_name ? `${possessive(first.destination_name)} wallet` : "the app's wallet";
  switch (state) {
    case 'on-its-way':
      return {
        state,
        title: 'On its way',
        text: `${money} is counted in ${wallet} and cannot be spent until it arrives from the payer's bank.`,
      };
    case 'arrived':
      return { state, title: 'Arrived', text: `${money} has arrived in ${wallet} and may be spent.` };
    default:
      return {
        state,
        title: 'Taken back',
        text: `The payment did not stay: ${money} was taken back out of ${wallet} by a transaction of its own.`,
      };
  }
}

import { formatCents } from '../../lib/money';
import { bankAccountWords, possessive } from '../../lib/words';

/** The app a move's wallet belongs to, as the Treasury lists it: its name and its bank account, masked. */
export interface MoveApp {
  id: string;
  name: string;
  ach_account?: { mask: string; name?: string | null | undefined } | null | undefined;
}

export interface MoveBody {
  move: string;
  moves: readonly Record<string, unknown>[];
  app_id?: string | undefined;
}

/**
 * A waiting wallet move in one line, as a payment's request names its payer and account: the kind, the wallet, the
 * app's bank account (masked) where money comes from or goes to, and the amount. "Deposit of $2,000.00 into
 * Demo Marketplace's wallet, from Checking •••• 6789".
 */
export function moveSummary(body: MoveBody, cents: number, apps: readonly MoveApp[]): string {
  const app = apps.find((a) => a.id === body.app_id);
  const wallet = app
    ? `${possessive(app.name)} wallet`
    : body.app_id
      ? `the wallet of app ${body.app_id}`
      : 'the wallet';
  const bank = app?.ach_account ? bankAccountWords(app.ach_account) : "the app's bank account";
  const amount = formatCents(Math.abs(cents));
  const count = body.moves.length;
  const first = Number(body.moves[0]?.amount ?? 0);
  switch (body.move) {
    case 'deposit':
      return `Deposit of ${amount} into ${wallet}, from ${bank}`;
    case 'withdrawal':
      return `Withdrawal of ${amount} from ${wallet}, to ${bank}`;
    case 'organization-transfer':
      return first >= 0
        ? `Move of ${amount} from the organization's wallet into ${wallet}`
        : `Move of ${amount} from ${wallet} into the organization's wallet`;
    case 'transfer':
      return first < 0
        ? `Move of ${amount} from ${wallet} to a user's wallet`
        : `Move of ${amount} from a user's wallet into ${wallet}`;
    case 'transfer-batch':
      return `${count.toLocaleString('en-US')} moves between ${wallet} and users' wallets (a file), ${amount} in all`;
    case 'ach-account': {
      const next = body.moves[0] ?? {};
      const type = String(next.account_type ?? 'checking');
      return `New bank account for ${wallet}: ${type.charAt(0).toUpperCase()}${type.slice(1)} •••• ${String(next.account_number_last4 ?? '????')}`;
    }
    default:
      return `${body.move.replace(/-/g, ' ')} of ${amount}, ${wallet}`;
  }
}

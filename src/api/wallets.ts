import { useQuery } from '@tanstack/react-query';
import { decimalToCents } from '../lib/money';
import { appQueries } from './apps';
import { session } from './credentials';
import type { App } from './schemas';

/** An app's wallet: what funds its payouts. `cents` is null where the service does not say (upstream, say). */
export interface Wallet {
  appId: string;
  appName: string;
  cents: number | null;
}

export function walletOf(app: App): Wallet {
  const balance = app.metrics?.wallet_balance;
  return {
    appId: app.id,
    appName: app.name || 'Unnamed app',
    cents: balance === null || balance === undefined ? null : decimalToCents(balance),
  };
}

/**
 * The wallet a payout is paid from when no app is named: the session's app, else the organization's first app (the
 * oldest: the vendor's list is newest first), which is the one the service funds a payout from.
 */
export function defaultWallet(wallets: readonly Wallet[], sessionAppId: string | undefined): Wallet | null {
  return wallets.find((wallet) => wallet.appId === sessionAppId) ?? wallets.at(-1) ?? null;
}

/**
 * The wallet a payout the console server pays (an approved request) leaves: the app its maker chose, else the one
 * the service funds a payout from when none is named (the organization's first app). Null while unknown.
 */
export function walletPaying(wallets: readonly Wallet[], appId: string | null | undefined): Wallet | null {
  return appId ? (wallets.find((wallet) => wallet.appId === appId) ?? null) : (wallets.at(-1) ?? null);
}

/** The organization's apps' wallets, and the one a payout is paid from by default. */
export function useWallets() {
  const apps = useQuery({ ...appQueries.list({ limit: 100 }), staleTime: 5_000 });
  const wallets = (apps.data ?? []).map(walletOf);
  return {
    wallets,
    preferred: defaultWallet(wallets, session.credentials()?.appId),
    isPending: apps.isPending,
    error: apps.error,
  };
}

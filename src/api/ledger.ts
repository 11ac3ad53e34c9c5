import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AchAccountRequest } from '../lib/requests/wallets';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { useAppSource } from './apps';
import { request } from './client';
import { pageSchema, transactionSchema } from './schemas';
import { type PickerOption, type PickerSource, SHOWN } from './search-source';
import { useUserSource } from './users';

/**
 * The ledger and the treasury's reads: transactions (every line of every wallet), their totals by type, and the
 * organization's wallets. Filters and totals are sandbox extensions: upstream the ledger lists lines unfiltered and
 * says so.
 */

export interface LedgerQuery {
  wallet_id?: string | undefined;
  /** The wallet a movement's money left, and the one it went into (sandbox extensions). */
  source_wallet_id?: string | undefined;
  destination_wallet_id?: string | undefined;
  type?: string | undefined;
  /** Only a bill's lines, or none of them (a sandbox extension: the vendor's ledger does not tell them apart). */
  bill?: 'true' | 'false' | undefined;
  /** ISO date-times, both ends included. */
  start_date?: string | undefined;
  end_date?: string | undefined;
  limit?: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

export const transactionPageSchema = z.lazy(() => pageSchema(transactionSchema));

export function listTransactions(query: LedgerQuery) {
  return request({
    method: 'GET',
    path: '/v2/transactions',
    query: { ...query },
    response: transactionPageSchema,
  });
}

export const ledgerTotalsSchema = z.object({
  totals: z.array(
    z.object({
      type: z.string(),
      /** The lines of the type that pay a bill (or give its payment back), counted apart; absent, none are. */
      bill: z.boolean().nullish(),
      amount: z.number(),
      count: z.number(),
    }),
  ),
  net: z.number(),
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

export function ledgerTotals(query: Omit<LedgerQuery, 'limit' | 'starting_after' | 'ending_before'>) {
  return request({
    method: 'GET',
    path: '/v2/transactions/totals',
    query: { ...query },
    response: ledgerTotalsSchema,
  });
}

export const walletsSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), balance: z.number() }),
  apps: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      balance: z.number(),
      /**
       * What the app may spend now: its balance less the payments on their way into it (sandbox extensions, the
       * vendor's wallet `withdrawable_amount`; absent upstream, the Treasury shows the balance alone).
       */
      withdrawable_amount: z.number().nullish(),
      pending_payments: z.number().nullish(),
      pending_payment_count: z.number().nullish(),
      /** The app's bank account, null without one (an extension: absent, the Treasury asks for it app by app). */
      ach_account: z.object({ mask: z.string(), name: z.string().nullish() }).nullish(),
      pending_deposits: z.number(),
      pending_deposit_count: z.number(),
      /** Each deposit on its way in (an extension of the extension: absent, the Treasury shows the sum alone). */
      pending: z
        .array(
          z.object({
            id: z.string(),
            amount: z.number(),
            status: z.string(),
            created: z.string().nullish(),
            auto_refill: z.boolean().nullish(),
          }),
        )
        .nullish(),
    }),
  ),
  /** The users' wallets together (an extension: absent upstream, the Treasury does not show them). */
  users: z.object({ balance: z.number(), count: z.number() }).nullish(),
});
export type Wallets = z.infer<typeof walletsSchema>;

export function listWallets() {
  return request({ method: 'GET', path: '/v2/wallets', response: walletsSchema });
}

export const achAccountSchema = z.object({ mask: z.string(), name: z.string().nullish() });

export function getAchAccount(appId: string) {
  return request({
    method: 'GET',
    path: `/v2/apps/${encodeURIComponent(appId)}/ach-account`,
    response: achAccountSchema,
  });
}

export const appSettingsSchema = z.object({
  auto_refill_active: z.boolean().nullish(),
  refill_amount: z.number().nullish(),
  refill_threshold: z.number().nullish(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** An app's settings now (a sandbox extension: upstream, the Treasury says they are not known and still sets them). */
export function getAppSettings(appId: string) {
  return request({
    method: 'GET',
    path: `/v2/apps/${encodeURIComponent(appId)}/settings`,
    response: appSettingsSchema,
  });
}

/** An app's auto-refill the console paused when the approval limit went below its amount (the console server's). */
export const refillPauseSchema = z.object({
  app_id: z.string(),
  app_name: z.string().nullish(),
  amount_cents: z.number().nullable(),
  limit_cents: z.number(),
  paused_at: z.string(),
});
export type RefillPauseView = z.infer<typeof refillPauseSchema>;

export function listRefillPauses() {
  return request({
    method: 'GET',
    path: '/api/team/refill-pauses',
    response: z.object({ data: z.array(refillPauseSchema) }),
  });
}

export interface RefillSettings {
  auto_refill_active: boolean;
  /** Cents. */
  refill_amount?: number;
  refill_threshold?: number;
}

/** Auto-refill (POST /v2/apps/{id}/change_settings): below the threshold, one deposit of the refill amount. */
export function useChangeRefillSettings(appId: string, appName: string) {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (settings: RefillSettings) =>
      request({
        method: 'POST',
        path: `/v2/apps/${encodeURIComponent(appId)}/change_settings`,
        body: settings,
        response: appSettingsSchema,
      }),
    activity: (settings) => ({
      action: settings.auto_refill_active ? 'Auto-refill set' : 'Auto-refill turned off',
      subject: appName,
      details: settings.auto_refill_active
        ? `${settings.refill_amount} cents below ${settings.refill_threshold} cents`
        : '',
    }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['apps', appId, 'settings'], saved);
      // Set again by a member: a pause of it is over.
      void queryClient.invalidateQueries({ queryKey: ['refill-pauses'] });
    },
  });
}

export const ledgerQueries = {
  page: (query: LedgerQuery) =>
    queryOptions({ queryKey: ['transactions', 'page', query], queryFn: () => listTransactions(query) }),
  totals: (query: Omit<LedgerQuery, 'limit' | 'starting_after' | 'ending_before'>) =>
    queryOptions({ queryKey: ['transactions', 'totals', query], queryFn: () => ledgerTotals(query) }),
  wallets: () => queryOptions({ queryKey: ['wallets'], queryFn: listWallets }),
  settings: (appId: string) =>
    queryOptions({
      queryKey: ['apps', appId, 'settings'],
      queryFn: () => getAppSettings(appId),
      retry: false,
    }),
  refillPauses: () => queryOptions({ queryKey: ['refill-pauses'], queryFn: listRefillPauses, retry: false }),
  achAccount: (appId: string) =>
    queryOptions({
      queryKey: ['apps', appId, 'ach-account'],
      queryFn: () => getAchAccount(appId),
      retry: false,
    }),
};

/** Sets (or replaces) an app's bank account; the console's server may answer that another member confirms it. */
export function setAchAccount(appId: string, body: AchAccountRequest) {
  return request({
    method: 'PUT',
    path: `/v2/apps/${encodeURIComponent(appId)}/ach-account`,
    body,
    response: achAccountSchema,
  });
}

/**
 * Every wallet by name, for the ledger's From and To: the organization's own, each app's and each user's, each option
 * saying which kind of wallet it is.
 */
export function useWalletSource(): PickerSource {
  const queryClient = useQueryClient();
  const users = useUserSource();
  const apps = useAppSource();
  return useMemo<PickerSource>(() => {
    const organization = async (): Promise<PickerOption | null> => {
      const wallets = await queryClient
        .fetchQuery({ ...ledgerQueries.wallets(), staleTime: 30_000 })
        .catch(() => null);
      return wallets
        ? {
            id: wallets.organization.id,
            name: wallets.organization.name,
            detail: "The organization's wallet",
          }
        : null;
    };
    const asApp = (option: PickerOption): PickerOption => ({ ...option, detail: "An app's wallet" });
    const asUser = (option: PickerOption): PickerOption => ({
      ...option,
      detail: option.detail ? `A user's wallet · ${option.detail}` : "A user's wallet",
    });
    return {
      key: 'wallets',
      nothingFound: 'No wallet by that name or ID',
      search: async (query) => {
        const words = query.trim().toLowerCase();
        const [org, appsFound, usersFound] = await Promise.all([
          organization(),
          apps.search(query),
          users.search(query),
        ]);
        const orgMatches =
          org &&
          (org.name.toLowerCase().includes(words) || 'organization'.startsWith(words) || org.id === words);
        return {
          options: [
            ...(orgMatches ? [org] : []),
            ...appsFound.options.map(asApp),
            ...usersFound.options.map(asUser),
          ].slice(0, SHOWN),
          ...(usersFound.note ? { note: usersFound.note } : {}),
        };
      },
      resolve: async (id) => {
        const org = await organization();
        if (org?.id === id) return org;
        const app = await apps.resolve(id);
        if (app) return asApp(app);
        const user = await users.resolve(id);
        return user && asUser(user);
      },
    };
  }, [queryClient, users, apps]);
}

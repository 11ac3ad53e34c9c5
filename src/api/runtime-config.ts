import { queryOptions } from '@tanstack/react-query';
import { type RuntimeConfig, runtimeConfigSchema } from './schemas';

/** Where requests go (sandbox or an upstream host): from the console server, no credentials needed. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new Error(`The console server answered ${response.status} for /config.json`);
  return runtimeConfigSchema.parse(await response.json());
}

export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'],
  queryFn: fetchRuntimeConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

import { queryOptions } from '@tanstack/react-query';
import { setRequestTimeout } from './client';
import { type RuntimeConfig, runtimeConfigSchema } from './schemas';

/** Where requests go (sandbox or an upstream host): from the console server, no credentials needed. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new Error(`The console server answered ${response.status} for /config.json`);
  const config = runtimeConfigSchema.parse(await response.json());
  setRequestTimeout(config.request_timeout_ms);
  return config;
}

export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'],
  queryFn: fetchRuntimeConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The existing app a new name repeats (any case, spaces around ignored), or null. The service accepts two apps of one
 * name (as Stripe accepts two accounts of one name), so the console warns and lets the member choose.
 */
export function appOfSameName<T extends { name?: string | null }>(
  name: string,
  apps: readonly T[],
): T | null {
  const wanted = name.trim().toLocaleLowerCase();
  if (wanted === '') return null;
  return apps.find((app) => (app.name ?? '').trim().toLocaleLowerCase() === wanted) ?? null;
}

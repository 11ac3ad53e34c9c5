/**
 * A wallet's balance at the end of each of the last `days` days (UTC), from its balance now and its lines of that time
 * (any order): walking back from now, each line is taken off the days before it.
 */
export function dailyBalances(
  balanceNow: number,
  lines: readonly { created?: string | null | undefined; amount: number }[],
  days: number,
  nowMs: number,
): { day: string; cents: number }[] {
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const out: { day: string; cents: number }[] = [];
  const sorted = lines
    .filter((line) => line.created)
    .map((line) => ({ ms: Date.parse(line.created as string), amount: line.amount }))
    .sort((a, b) => b.ms - a.ms);
  let balance = balanceNow;
  let index = 0;
  for (let back = 0; back < days; back++) {
    const day = dayOf(nowMs - back * 86_400_000);
    // Lines after this day's end are undone first: the balance at the day's end.
    const end = Date.parse(`${day}T23:59:59.999Z`);
    while (index < sorted.length && (sorted[index]?.ms ?? 0) > end) {
      balance -= sorted[index]?.amount ?? 0;
      index++;
    }
    out.push({ day, cents: balance });
  }
  return out.reverse();
}

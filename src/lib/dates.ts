/**
 * One way to show a moment on every page: the operator's local date and time with its time zone
 * ("Nov 25, 2026, 9:14:05 AM GMT+1"); exports keep ISO 8601. One formatter, made when this module loads: making one
 * takes a few milliseconds, and toLocaleString with options makes one per call.
 */
const LOCAL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });

/** A timestamp of the service or the console as the operator reads it; what is not a date is shown as it came. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : LOCAL.format(date);
}

/** "5 min", "3 h", "2 days": how long ago, for a queue's age column. */
export function age(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

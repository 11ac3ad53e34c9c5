/** Metadata as text (it is always rendered as text, never as HTML): strings as they are, anything else as JSON. */
export function formatMetadata(metadata: unknown): string {
  if (metadata === null || metadata === undefined) return '—';
  if (typeof metadata === 'string') return metadata;
  return JSON.stringify(metadata, null, 2);
}

/** "2026-11-22 14:05:09 UTC" and the operator's local time, for a timestamp the service sent. */
export function formatTimes(iso: string | null | undefined): { local: string; utc: string } | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { local: iso, utc: iso };
  return {
    local: date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
    utc: `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
  };
}

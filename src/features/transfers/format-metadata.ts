/** Metadata as text (it is always rendered as text, never as HTML): strings as they are, anything else as JSON. */
export function formatMetadata(metadata: unknown): string {
  if (metadata === null || metadata === undefined) return '—';
  if (typeof metadata === 'string') return metadata;
  return JSON.stringify(metadata, null, 2);
}

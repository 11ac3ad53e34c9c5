import { DetailRow } from './DetailRow';

/** The rows a payment's and a payout's details end with: who prepared it, its request id, its metadata. */
export function RecordRows({
  initiatedBy,
  consoleRequestId,
  metadata,
}: {
  initiatedBy?: string | undefined;
  consoleRequestId?: string | undefined;
  metadata: readonly [string, string][];
}) {
  return (
    <>
      {initiatedBy && <DetailRow label="Prepared by">{initiatedBy}</DetailRow>}
      {consoleRequestId && (
        <DetailRow label="Request ID">
          <code>{consoleRequestId}</code>
        </DetailRow>
      )}
      <DetailRow label="Metadata">
        {metadata.length === 0
          ? 'None'
          : metadata.map(([key, value]) => (
              <div key={key}>
                <code>{key}</code>: {value}
              </div>
            ))}
      </DetailRow>
    </>
  );
}

import { Alert, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { type Bill, billQueries } from '../../../api/accounts-payable';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { invoiceViewUrl } from '../invoice-view';
import { BillFields } from './BillFields';
import { InvoiceDrop } from './InvoiceDrop';
import { useBillForm } from './use-bill-form';

/** A new bill, from fields or from an invoice PDF; or a draft (`/bills/:id/edit`) corrected beside its PDF. */
export function BillFormPage() {
  const { billId } = useParams<{ billId?: string }>();
  const draft = useQuery({ ...billQueries.one(billId ?? ''), enabled: Boolean(billId) });
  if (billId && !draft.data)
    return draft.isError ? <ApiErrorAlert error={draft.error} /> : <Skeleton height={320} />;
  // The form starts from the draft as it was read: a later read does not overwrite what is being typed.
  return <BillFormView key={billId ?? 'new'} billId={billId} draft={draft.data} />;
}

function BillFormView({ billId, draft }: { billId: string | undefined; draft: Bill | undefined }) {
  const bill = useBillForm(billId, draft);
  return (
    <Stack>
      <Title order={1}>{billId ? `Draft bill ${draft?.number ?? ''}` : 'New bill'}</Title>
      {!billId && <InvoiceDrop busy={bill.reading} onFile={bill.fromPdf} error={bill.unread} />}
      {bill.upload.isError && <ApiErrorAlert error={bill.upload.error} title="The invoice was not read" />}
      {bill.patchDraft.isError && (
        <ApiErrorAlert
          error={bill.patchDraft.error}
          title="The draft was made, but what you typed was not put on it"
        />
      )}
      {billId && draft?.file_url && !draft.ap_vendor_id && (
        <Alert color="yellow" title="The invoice's vendor was not found">
          No vendor of yours is named in this invoice. Choose the vendor below, or add it on Vendors first.
        </Alert>
      )}
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <BillFields bill={bill} />
        {billId && draft?.file_url && (
          <Stack miw={300} style={{ flex: 1 }}>
            {bill.pdfUrl ? (
              <iframe
                title="Invoice"
                src={invoiceViewUrl(bill.pdfUrl)}
                style={{ width: '100%', height: 560, border: 0 }}
              />
            ) : (
              <Skeleton height={480} />
            )}
          </Stack>
        )}
      </Group>
    </Stack>
  );
}

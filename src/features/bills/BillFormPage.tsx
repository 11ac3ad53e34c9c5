import '@mantine/core/styles/Checkbox.css';
import { countOf } from '../../lib/words';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import {
  billPdf,
  billQueries,
  useBillAction,
  useCreateBill,
  useDiscardDraft,
  usePatchDraft,
  useUpdateBill,
  useUploadInvoice,
} from '../../api/accounts-payable';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Select } from '../../components/Select';
import { possibleDuplicates } from '../../lib/bill-duplicates';
import { centsToDecimal, formatCents, parseDollars } from '../../lib/money';
import { type BillFormValues, EMPTY_BILL, readNothing, typedOverDraft } from './bill-form';
import { invoiceViewUrl } from './invoice-view';

type Values = BillFormValues;

/** Why each field cannot be sent, by field; empty when the bill can be saved. */
function problemsOf(values: Values): Partial<Record<keyof Values, string>> {
  const amount = parseDollars(values.amount);
  return {
    ...(values.vendor ? {} : { vendor: 'Choose the vendor' }),
    ...(values.method ? {} : { method: 'Choose where the money goes' }),
    ...(values.number.trim() ? {} : { number: 'Enter the invoice number' }),
    ...(amount.ok ? {} : { amount: amount.problem }),
  };
}

function InvoiceDrop({
  onFile,
  busy,
  error,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  error: string | null;
}) {
  const inputId = useId();
  const open = useRef<() => void>(null);
  return (
    <Stack gap={6}>
      <Text component="label" htmlFor={inputId} fw={500} size="sm">
        Invoice PDF
      </Text>
      <Dropzone
        onDrop={(files) => files[0] && onFile(files[0])}
        multiple={false}
        disabled={busy}
        openRef={open}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        inputProps={{ id: inputId, accept: 'application/pdf,.pdf', 'aria-label': undefined }}
        p="lg"
      >
        <Group justify="center" gap="sm">
          <Text fw={500}>Drop an invoice PDF here, or</Text>
          <Button variant="light" onClick={() => open.current?.()} loading={busy}>
            Choose PDF
          </Button>
        </Group>
        <Text ta="center" size="sm" c="dimmed" mt="xs">
          The service reads the number, the total, the items and the vendor into a draft you correct.
        </Text>
      </Dropzone>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The items the service read from the invoice, as the bill will carry them while the amount is theirs. */
function DraftItems({
  items,
}: {
  items: readonly { name: string; quantity: number; unit_price: number; amount: number }[];
}) {
  return (
    <Table aria-label="Items read from the invoice" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Quantity</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Unit price</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id
          <Table.Tr key={index}>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{item.quantity}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCents(item.unit_price)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCents(item.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A new bill, from fields or from an invoice PDF; or a draft (`/bills/:id/edit`) corrected beside its PDF. */
export function BillFormPage() {
  const { billId } = useParams<{ billId?: string }>();
  const [, navigate] = useLocation();
  const draft = useQuery({ ...billQueries.one(billId ?? ''), enabled: Boolean(billId) });
  const [values, setValues] = useState<Values>(EMPTY_BILL);
  const [touched, setTouched] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    const bill = draft.data;
    if (!bill) return;
    setValues({
      vendor: bill.ap_vendor_id ?? null,
      method: bill.ap_payment_method_id ?? null,
      number: bill.number,
      amount: bill.amount ? centsToDecimal(bill.amount) : '',
      funding: bill.funding_source === 'ach' ? 'ach' : 'dots_balance',
      description: bill.description ?? '',
    });
  }, [draft.data]);
  const vendors = useQuery(billQueries.vendors());
  const methods = useQuery({ ...billQueries.methods(values.vendor ?? ''), enabled: Boolean(values.vendor) });
  const vendorBills = useQuery({
    ...billQueries.list({ ap_vendor_id: values.vendor ?? undefined, limit: 100 }),
    enabled: Boolean(values.vendor),
  });
  const pdf = useQuery({
    queryKey: ['bills', billId, 'pdf', draft.data?.file_url],
    queryFn: () => billPdf(billId ?? ''),
    enabled: Boolean(billId && draft.data?.file_url),
    gcTime: 0,
  });
  const upload = useUploadInvoice();
  const patchDraft = usePatchDraft();
  const discard = useDiscardDraft();
  const [unread, setUnread] = useState<string | null>(null);
  // A PDF makes a draft; what was typed before goes over it, and a PDF read as nothing leaves no draft behind.
  const fromPdf = (file: File) => {
    setUnread(null);
    upload.mutate(file, {
      onSuccess: (bill) => {
        if (readNothing(bill)) {
          discard.mutate(bill.id);
          setUnread(
            `The service read nothing from ${file.name} (no vendor, amount or items): no draft was kept. Type the bill below, or choose another PDF.`,
          );
          return;
        }
        patchDraft.mutate(
          { id: bill.id, body: typedOverDraft(values) },
          { onSuccess: () => navigate(`/bills/${bill.id}/edit`) },
        );
      },
    });
  };
  const create = useCreateBill();
  const update = useUpdateBill(billId ?? '');
  const submit = useBillAction(billId ?? '');
  const problems = problemsOf(values);
  const amount = parseDollars(values.amount);
  const cents = amount.ok ? amount.cents : null;
  const duplicates = possibleDuplicates(
    { id: billId, number: values.number, amount: cents },
    vendorBills.data?.data ?? [],
  );
  const needsTick = duplicates.length > 0 && !confirmed;
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setConfirmed(false);
  };
  const error = (field: keyof Values) => (touched ? problems[field] : undefined);
  const items = draft.data?.items ?? [];
  const itemsTotal = items.reduce((sum, item) => sum + item.amount, 0);
  // After a refused save the focus goes to the first field at fault, as the console's other forms do.
  const formRef = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    // A field at fault is aria-invalid; Mantine marks a checkbox at fault with data-error only.
    if (refusals > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-error="true"]')?.focus();
  }, [refusals]);
  const save = (then?: 'submit') => {
    setTouched(true);
    if (Object.keys(problems).length > 0 || needsTick || cents === null) {
      setRefusals((n) => n + 1);
      return;
    }
    const body = {
      number: values.number.trim(),
      ap_vendor_id: values.vendor as string,
      ap_payment_method_id: values.method as string,
      funding_source: values.funding,
      ...(values.description.trim() ? { description: values.description.trim() } : {}),
      // Items the draft has keep the amount they add up to; otherwise the amount typed.
      ...(items.length > 0 && itemsTotal === cents
        ? { items }
        : { amount: cents, ...(items.length > 0 ? { items: [] } : {}) }),
    };
    if (!billId) {
      create.mutate(body, { onSuccess: (bill) => navigate(`/bills/${bill.id}`) });
      return;
    }
    update.mutate(body, {
      onSuccess: () =>
        then === 'submit'
          ? submit.mutate(
              { action: 'submit-for-approval' },
              { onSuccess: () => navigate(`/bills/${billId}`) },
            )
          : navigate(`/bills/${billId}`),
    });
  };
  if (billId && !draft.data)
    return draft.isError ? <ApiErrorAlert error={draft.error} /> : <Skeleton height={320} />;
  return (
    <Stack>
      <Title order={1}>{billId ? `Draft bill ${draft.data?.number ?? ''}` : 'New bill'}</Title>
      {!billId && (
        <InvoiceDrop
          busy={upload.isPending || patchDraft.isPending || discard.isPending}
          onFile={fromPdf}
          error={unread}
        />
      )}
      {upload.isError && <ApiErrorAlert error={upload.error} title="The invoice was not read" />}
      {patchDraft.isError && (
        <ApiErrorAlert
          error={patchDraft.error}
          title="The draft was made, but what you typed was not put on it"
        />
      )}
      {billId && draft.data?.file_url && !draft.data.ap_vendor_id && (
        <Alert color="yellow" title="The invoice's vendor was not found">
          No vendor of yours is named in this invoice. Choose the vendor below, or add it on Vendors first.
        </Alert>
      )}
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <Stack miw={300} style={{ flex: 1 }} ref={formRef}>
          <Select
            label="Vendor"
            searchable
            data={(vendors.data?.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
            value={values.vendor}
            onChange={(vendor) => set({ vendor, method: null })}
            error={error('vendor')}
            required
          />
          <Select
            label="Pay to"
            data={(methods.data ?? []).map((m) => ({
              value: m.id,
              label: `${m.name ?? 'Account'} •••• ${m.mask ?? '????'}`,
            }))}
            value={values.method}
            onChange={(method) => set({ method })}
            error={error('method')}
            disabled={!values.vendor}
            required
          />
          <TextInput
            label="Invoice number"
            value={values.number}
            onChange={(event) => set({ number: event.currentTarget.value })}
            error={error('number')}
            required
          />
          <TextInput
            label="Amount"
            description={
              items.length > 0
                ? `${countOf(items.length, 'item')} adding up to ${formatCents(itemsTotal)}; another amount replaces them`
                : 'In dollars, like 1,250.00'
            }
            value={values.amount}
            onChange={(event) => set({ amount: event.currentTarget.value })}
            error={error('amount')}
            required
          />
          {items.length > 0 && <DraftItems items={items} />}
          <Stack gap={4}>
            <Text fw={500} size="sm" id="funding-label">
              Funding
            </Text>
            <SegmentedControl
              aria-labelledby="funding-label"
              value={values.funding}
              onChange={(funding) => set({ funding: funding as Values['funding'] })}
              data={[
                { value: 'dots_balance', label: "The app's wallet" },
                { value: 'ach', label: 'ACH from the bank' },
              ]}
            />
          </Stack>
          <Textarea
            label="Description"
            value={values.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
          />
          {duplicates.length > 0 && (
            <Alert color="yellow" title="This may be an invoice you have already">
              <Stack gap={4}>
                {duplicates.map(({ other, why }) => (
                  <Text key={other.id} size="sm">
                    Bill {other.number} of {formatCents(other.amount)} ({other.status.replaceAll('_', ' ')})
                    has the same {why === 'number' ? 'number' : 'amount, this month'}.
                  </Text>
                ))}
                <Checkbox
                  label="It is a different invoice"
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.currentTarget.checked)}
                  error={touched && needsTick ? 'Tick this, or correct the bill' : undefined}
                />
              </Stack>
            </Alert>
          )}
          {(create.isError || update.isError || submit.isError) && (
            <ApiErrorAlert error={create.error ?? update.error ?? submit.error} />
          )}
          <Group>
            <Button onClick={() => save()} loading={create.isPending || update.isPending}>
              {billId ? 'Save draft' : 'Create bill'}
            </Button>
            {billId && (
              <Button variant="light" onClick={() => save('submit')} loading={submit.isPending}>
                Save and submit for approval
              </Button>
            )}
          </Group>
        </Stack>
        {billId && draft.data?.file_url && (
          <Stack miw={300} style={{ flex: 1 }}>
            {pdf.data ? (
              <iframe
                title="Invoice"
                src={invoiceViewUrl(pdf.data)}
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

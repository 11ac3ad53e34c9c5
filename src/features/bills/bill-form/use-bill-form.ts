import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  type Bill,
  billPdf,
  billQueries,
  useBillAction,
  useCreateBill,
  useDiscardDraft,
  usePatchDraft,
  useUpdateBill,
  useUploadInvoice,
} from '../../../api/accounts-payable';
import { ApiError } from '../../../api/client';
import { placeFieldErrors } from '../../../components/place-field-errors';
import { possibleDuplicates } from '../../../lib/bill-duplicates';
import { parseDollars } from '../../../lib/money';
import {
  type BillFormRead,
  type BillFormValues,
  billFormOf,
  billFormSchema,
  EMPTY_BILL,
  readNothing,
  toBillBody,
  typedOverDraft,
} from './bill-form-schema';

/** The service's names of the bill's fields, to place its refusals at them. */
const FIELD_OF: Record<string, keyof BillFormValues> = {
  number: 'number',
  amount: 'amount',
  ap_vendor_id: 'vendor',
  ap_payment_method_id: 'method',
  funding_source: 'funding',
  description: 'description',
};

/**
 * The bill form's work without its words: the form over a draft (or blank), what the service knows that it needs (the
 * vendors, the vendor's accounts, the vendor's bills that it may repeat, the draft's PDF), and what it sends: a PDF
 * that makes a draft (what was typed put over it), a bill created, a draft saved and submitted for approval.
 */
export function useBillForm(billId: string | undefined, draft: Bill | undefined) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<BillFormValues>(draft ? billFormOf(draft) : EMPTY_BILL);
  const typedAmount = parseDollars(values.amount);
  const vendorBills = useQuery({
    ...billQueries.list({ ap_vendor_id: values.vendor ?? undefined, limit: 100 }),
    enabled: Boolean(values.vendor),
  });
  const duplicates = possibleDuplicates(
    { id: billId, number: values.number, amount: typedAmount.ok ? typedAmount.cents : null },
    vendorBills.data?.data ?? [],
  );
  const form = useForm<BillFormValues, unknown, BillFormRead>({
    resolver: zodResolver(billFormSchema(duplicates.length > 0)),
    defaultValues: draft ? billFormOf(draft) : EMPTY_BILL,
    shouldFocusError: false,
  });
  // What the form says as it is typed (the vendor's accounts, the duplicates) follows the fields; any change of a
  // field asks for the tick again.
  useEffect(() => {
    const watching = form.watch((next, { name }) => {
      setValues(next as BillFormValues);
      if (name && name !== 'different' && next.different) form.setValue('different', false);
    });
    return () => watching.unsubscribe();
  }, [form]);
  const vendors = useQuery(billQueries.vendors());
  const methods = useQuery({ ...billQueries.methods(values.vendor ?? ''), enabled: Boolean(values.vendor) });
  const pdf = useQuery({
    queryKey: ['bills', billId, 'pdf', draft?.file_url],
    queryFn: () => billPdf(billId ?? ''),
    enabled: Boolean(billId && draft?.file_url),
    gcTime: 0,
  });
  const items = draft?.items ?? [];

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
          { id: bill.id, body: typedOverDraft(form.getValues()) },
          { onSuccess: () => navigate(`/bills/${bill.id}/edit`) },
        );
      },
    });
  };

  const create = useCreateBill();
  const update = useUpdateBill(billId ?? '');
  const submit = useBillAction(billId ?? '');
  const placeRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400)
      placeFieldErrors(error, form.setError, (path) => FIELD_OF[path]);
  };
  const save = (then?: 'submit') =>
    form.handleSubmit((bill) => {
      const body = toBillBody(bill, items);
      if (!billId) {
        create.mutate(body, { onSuccess: (made) => navigate(`/bills/${made.id}`), onError: placeRefusal });
        return;
      }
      update.mutate(body, {
        onError: placeRefusal,
        onSuccess: () =>
          then === 'submit'
            ? submit.mutate(
                { action: 'submit-for-approval' },
                { onSuccess: () => navigate(`/bills/${billId}`) },
              )
            : navigate(`/bills/${billId}`),
      });
    })();

  // After a refused save the focus goes to the first field at fault, in the order the form shows them. A field at
  // fault is aria-invalid; Mantine marks a checkbox at fault with data-error only.
  const fieldsRef = useRef<HTMLDivElement>(null);
  const { submitCount } = form.formState;
  useEffect(() => {
    if (submitCount > 0)
      fieldsRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-error="true"]')
        ?.focus();
  }, [submitCount]);

  return {
    billId,
    draft,
    form,
    fieldsRef,
    vendors: vendors.data?.data ?? [],
    methods: methods.data ?? [],
    duplicates,
    items,
    pdfUrl: pdf.data,
    fromPdf,
    unread,
    reading: upload.isPending || patchDraft.isPending || discard.isPending,
    upload,
    patchDraft,
    save,
    saving: create.isPending || update.isPending,
    submitting: submit.isPending,
    saveError: create.error ?? update.error ?? submit.error,
  };
}
export type BillForm = ReturnType<typeof useBillForm>;

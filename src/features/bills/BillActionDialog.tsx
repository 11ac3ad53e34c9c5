import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { Bill, BillAction } from '../../api/accounts-payable';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { formatCents } from '../../lib/money';
import { type BillDecision, billDecisionSchema } from './bill-decision';

type Asked = Exclude<BillAction, 'pay'>;

const CONFIRM: Record<Exclude<Asked, 'reject'>, string> = {
  'submit-for-approval': 'Submit for approval',
  approve: 'Approve',
  cancel: 'Cancel the bill',
};

interface Props {
  bill: Bill;
  asking: Asked | null;
  onClose: () => void;
  /** Sends the move; `done` when the service took it (the dialog closes), else the dialog stays with what was typed. */
  send: (action: Asked, comment: string | undefined, done: () => void) => void;
  pending: boolean;
  error: unknown;
}

/** The dialog that confirms a move of a bill: an approval's comment, a rejection's reason, or a plain confirmation. */
export function BillActionDialog({ bill, asking, onClose, send, pending, error }: Props) {
  const form = useForm<BillDecision>({
    resolver: (values, context, options) =>
      zodResolver(billDecisionSchema(asking ?? 'approve'))(values, context, options),
    defaultValues: { comment: '' },
  });
  const sent = useRef(false);
  // A new question starts empty; a refusal keeps the dialog, and what was typed, open.
  useEffect(() => {
    if (asking) form.reset({ comment: '' });
  }, [asking, form]);
  const amount = formatCents(bill.amount);
  const submit = form.handleSubmit(({ comment }) => {
    if (!asking || sent.current) return;
    sent.current = true;
    send(asking, comment === '' ? undefined : comment, () => form.reset({ comment: '' }));
  });
  useEffect(() => {
    if (!pending) sent.current = false;
  }, [pending]);
  const decides = asking === 'approve' || asking === 'reject';
  return (
    <Modal
      opened={asking !== null}
      onClose={() => !pending && onClose()}
      title={`${asking === 'reject' ? 'Reject bill' : 'Bill'} ${bill.number} from ${bill.ap_vendor_name ?? 'no vendor yet'}, ${amount}`}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {error ? <ApiErrorAlert error={error} title="The bill did not move" /> : null}
          {decides && (
            <Textarea
              label={asking === 'reject' ? 'Why (the maker reads it)' : 'Comment (optional)'}
              required={asking === 'reject'}
              error={form.formState.errors.comment?.message}
              {...form.register('comment')}
            />
          )}
          {asking === 'cancel' && <Text size="sm">A canceled bill is final: it is never paid.</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Back
            </Button>
            {asking && (
              <Button
                type="submit"
                color={asking === 'reject' || asking === 'cancel' ? 'red.8' : undefined}
                loading={pending}
              >
                {asking === 'reject'
                  ? `Reject ${amount}`
                  : asking === 'approve'
                    ? `Approve ${amount}`
                    : CONFIRM[asking]}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

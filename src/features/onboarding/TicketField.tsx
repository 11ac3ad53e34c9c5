import { TextInput } from '@mantine/core';
import { ticketProblem } from '../../lib/ticket';

/** The optional ticket reference every action of a user's page asks for: the audit line and the activity log keep it. */
export function TicketField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <TextInput
      label="Ticket reference"
      description="Optional, like ZD-1234: kept in the audit trail and the activity log"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? ticketProblem(value)}
      maw={320}
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { useCan } from '../../../api/permissions';
import { userQueries } from '../../../api/users';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { fullName } from '../../../lib/names';
import { taxFormOnFile } from '../../../lib/tax-form';
import { TicketField } from '../TicketField';
import { ticketFormSchema } from '../ticket-schema';
import { ContactDetailsSection } from './ContactDetailsSection';
import { DeleteUser } from './DeleteUser';
import { OnboardingLinks } from './OnboardingLinks';
import { TaxForm } from './TaxForm';
import { Verification } from './Verification';

/**
 * A user's onboarding, for a support agent on a ticket: contact details, links to finish setup, verification, the tax
 * form. The ticket reference is the page's: every section's action carries it (each refuses to send while it breaks
 * its rule, said at the field).
 */
export function UserOnboardingPage() {
  const { userId = '' } = useParams();
  const user = useQuery(userQueries.detail(userId));
  // The page's one ticket reference, checked by its rule as it is typed: a section's action waits while it breaks it.
  const ticketForm = useForm({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: { ticket: '' },
    mode: 'onChange',
  });
  const ticket = useWatch({ control: ticketForm.control, name: 'ticket' });
  const isAdmin = useCan('admin');
  const name = user.data ? fullName(user.data) : '';
  return (
    <Stack maw={960}>
      <Title order={1}>Onboard {name || 'user'}</Title>
      <Group>
        <Anchor component={Link} to={`/users/${userId}`}>
          Back to {name || 'the user'}
        </Anchor>
      </Group>
      {user.isError && <ApiErrorAlert error={user.error} title="The user could not be read" />}
      <Controller
        control={ticketForm.control}
        name="ticket"
        render={({ field }) => <TicketField value={field.value} onChange={field.onChange} />}
      />
      {user.data && <ContactDetailsSection key={user.data.id} user={user.data} ticket={ticket} />}
      <OnboardingLinks userId={userId} ticket={ticket} />
      <Verification userId={userId} ticket={ticket} />
      <TaxForm
        userId={userId}
        ticket={ticket}
        onFile={user.data ? taxFormOnFile(user.data.compliance) : 'not read yet'}
      />
      {isAdmin && name && <DeleteUser userId={userId} name={name} ticket={ticket} />}
    </Stack>
  );
}

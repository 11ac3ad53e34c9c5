import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useCan } from '../../../api/permissions';
import { userQueries } from '../../../api/users';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { fullName } from '../../../lib/names';
import { taxFormOnFile } from '../../../lib/tax-form';
import { TicketField } from '../TicketField';
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
  const [ticket, setTicket] = useState('');
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
      <TicketField value={ticket} onChange={setTicket} />
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
